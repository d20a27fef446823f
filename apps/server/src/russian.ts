/** Russian wording the server composes itself: plurals and masked contacts for messages and logs. */

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

/** «+7 912 ***-**-89»: enough to tell numbers apart in a log, not enough to call. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length !== 11) return '***';
  return `+${digits[0]} ${digits.slice(1, 4)} ***-**-${digits.slice(9)}`;
}

/** «iv***@mail.ru»: the client recognises the address, a stranger does not learn it. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  const local = email.slice(0, at);
  const shown = local.length <= 2 ? local.slice(0, 1) : local.slice(0, 2);
  return `${shown}***${email.slice(at)}`;
}
