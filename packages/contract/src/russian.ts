/** Russian wording composed from numbers: plurals and waits, for messages of both sides. */

/** «1 секунду», «3 секунды», «11 секунд»: the form after «через N». */
export function pluralRu(count: number, forms: readonly [string, string, string]): string {
  const lastTwo = Math.abs(count) % 100;
  const last = lastTwo % 10;
  if (lastTwo >= 11 && lastTwo <= 14) return forms[2];
  if (last === 1) return forms[0];
  if (last >= 2 && last <= 4) return forms[1];
  return forms[2];
}

const SECONDS = ['секунду', 'секунды', 'секунд'] as const;
const MINUTES = ['минуту', 'минуты', 'минут'] as const;

/** «через 45 секунд», «через 12 минут»: under two minutes in seconds, otherwise whole minutes. */
export function waitPhrase(seconds: number): string {
  if (seconds < 120) return `через ${seconds} ${pluralRu(seconds, SECONDS)}`;
  const minutes = Math.ceil(seconds / 60);
  return `через ${minutes} ${pluralRu(minutes, MINUTES)}`;
}
