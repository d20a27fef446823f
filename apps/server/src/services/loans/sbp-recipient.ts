/*
 * Whose account a СБП payout reaches. Before a transfer the bank names the holder of the phone's
 * account as it shows a holder to a sender: given name, patronymic and the surname's initial
 * («Иван Петрович О.»). A loan is paid only into the borrower's own account (docs/decisions.md,
 * «A loan goes only to the borrower's own account»: a payout to someone else's account is how a
 * loan taken in another's name reaches a fraudster), so that name must be the borrower's, read the
 * same way.
 */

export interface PersonName {
  readonly surname: string | null;
  readonly name: string | null;
  readonly patronymic: string | null;
}

/** «Иван Петрович О.» (or «Иван О.» without a patronymic); null before the name is known. */
export function holderNameAsBankShows(person: PersonName): string | null {
  if (!person.name || !person.surname) return null;
  const given = [person.name, person.patronymic].filter(Boolean).join(' ');
  return `${given} ${person.surname.slice(0, 1)}.`;
}

/** Case, «ё», spaces and the initial's dot differ between banks; letters do not. */
function normalized(name: string): string {
  return name
    .toLowerCase()
    .replaceAll('ё', 'е')
    .replace(/[\s.]+/g, ' ')
    .trim();
}

/** True when the bank's holder is the borrower: the same given names and surname initial. */
export function isBorrowersAccount(bankHolderName: string, borrower: PersonName): boolean {
  const expected = holderNameAsBankShows(borrower);
  return expected !== null && normalized(bankHolderName) === normalized(expected);
}
