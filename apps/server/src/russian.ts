/** Russian wording the server composes itself: plurals and masked contacts for messages and logs. */

export { pluralRu, waitPhrase } from '@zaymo/contract';

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
