/** Check digits of Russian tax (ИНН) and registration (ОГРН) numbers. */

const INN10_WEIGHTS = [2, 4, 10, 3, 5, 9, 4, 6, 8] as const;

function digitsOf(text: string): number[] {
  return [...text].map(Number);
}

/** The tenth digit of an organisation's ИНН from its first nine digits. */
export function innCheckDigit(firstNine: string): number {
  const digits = digitsOf(firstNine);
  const sum = INN10_WEIGHTS.reduce(
    (total, weight, index) => total + weight * (digits[index] ?? 0),
    0,
  );
  return (sum % 11) % 10;
}

/** A 10-digit ИНН of an organisation with a correct check digit. */
export function isValidInn10(inn: string): boolean {
  return /^\d{10}$/.test(inn) && innCheckDigit(inn.slice(0, 9)) === Number(inn[9]);
}

/** The thirteenth digit of an ОГРН: the first twelve digits modulo 11, last digit. */
export function ogrnCheckDigit(firstTwelve: string): number {
  return Number((BigInt(firstTwelve) % 11n) % 10n);
}

export function isValidOgrn13(ogrn: string): boolean {
  return /^[125]\d{12}$/.test(ogrn) && ogrnCheckDigit(ogrn.slice(0, 12)) === Number(ogrn[12]);
}
