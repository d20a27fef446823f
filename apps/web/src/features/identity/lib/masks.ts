import { DIVISION_CODE_MASK, PASSPORT_MASK } from '@zaymo/contract';
import { formatByMask } from '@zaymo/web-kit';

/** «772001», «772-0» → «772-001», «772-0»: the division code as the field shows it. */
export function formatDivisionCode(text: string): string {
  return formatByMask(DIVISION_CODE_MASK, text);
}

/** «4506123456» → «45 06 123456»: a saved passport number back in the field's shape. */
export function formatPassport(text: string): string {
  return formatByMask(PASSPORT_MASK, text);
}

const MAX_INCOME_DIGITS = 9;

/** Whole roubles typed into the income field: digits only, no leading zeros, at most 9. */
export function incomeDigits(text: string): string {
  return text
    .replace(/\D/g, '')
    .replace(/^0+(?=\d)/, '')
    .slice(0, MAX_INCOME_DIGITS);
}

/** «45000» → «45 000»: thousands apart, as Russians write sums. */
export function formatIncome(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
}

/** A saved income «45000.00» → «45000» for the field (it takes whole roubles). */
export function wholeRoubles(income: string | null | undefined): string {
  return incomeDigits((income ?? '').split('.')[0] ?? '');
}
