// No zod here: the questionnaire's mask reads it without loading the schemas.

/** The weights of a personal ИНН's two check digits (the ФНС algorithm, order ММ-3-6/435@ app.). */
const ELEVENTH_WEIGHTS = [7, 2, 4, 10, 3, 5, 9, 4, 6, 8] as const;
const TWELFTH_WEIGHTS = [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8] as const;

export const PERSONAL_INN_LENGTH = 12;

function checkDigit(digits: readonly number[], weights: readonly number[]): number {
  const sum = weights.reduce((total, weight, index) => total + weight * (digits[index] ?? 0), 0);
  return (sum % 11) % 10;
}

/** The two check digits of a personal ИНН from its first ten digits. */
export function personalInnCheckDigits(firstTen: string): string {
  const digits = [...firstTen].map(Number);
  const eleventh = checkDigit(digits, ELEVENTH_WEIGHTS);
  const twelfth = checkDigit([...digits, eleventh], TWELFTH_WEIGHTS);
  return `${eleventh}${twelfth}`;
}

/** A 12-digit ИНН of a person whose two check digits are right. */
export function isValidPersonalInn(inn: string): boolean {
  return /^\d{12}$/.test(inn) && personalInnCheckDigits(inn.slice(0, 10)) === inn.slice(10);
}

/** «500100732259» → «5001 0073 2259», the grouping of the questionnaire's mask. */
export function formatPersonalInn(inn: string): string {
  return inn.replace(/(\d{4})(?=\d)/g, '$1 ');
}
