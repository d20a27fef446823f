import { addDays, compareDates, type IsoDate } from './dates';

/*
 * Refusal of an add-on service (353-ФЗ ст. 7 ч. 2.7): the borrower may refuse a service the lender
 * offered with the loan (here: insurance) within 30 calendar days of the day they consented to it,
 * and gets the price back — within 7 working days of the application (ч. 2.8–2.10; the split of the
 * parts and the pro-rata rule are for a lawyer to confirm, docs/money-and-law.md «Borrower
 * protections»). The days are configuration. A period in days begins the day after the event
 * (Гражданский кодекс ст. 191), so with consent on day D the last day to refuse is D + 30, and
 * days are Moscow calendar days.
 */

export interface AddOnRefusalRules {
  /** Calendar days after the consent the refusal is accepted: 30. */
  readonly refusalDays: number;
  /** Working days the refund may take after the application: 7. */
  readonly refundWorkingDays: number;
}

/** The last Moscow day on which an add-on consented to on `consentDay` may be refused. */
export function addOnRefusalLastDay(rules: AddOnRefusalRules, consentDay: IsoDate): IsoDate {
  return addDays(consentDay, rules.refusalDays);
}

/** Whether `today` (a Moscow day) is still within the refusal period. */
export function addOnRefusalOpen(
  rules: AddOnRefusalRules,
  consentDay: IsoDate,
  today: IsoDate,
): boolean {
  return compareDates(today, addOnRefusalLastDay(rules, consentDay)) <= 0;
}
