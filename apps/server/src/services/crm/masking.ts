/*
 * What the console shows without a click: a passport with its series and number masked, SMS and
 * e-mail texts without their one-time codes and sign-in links.
 */

/** «4506123456» → «45 ** ***456»: the region of issue and the last three digits. */
export function maskPassport(seriesNumber: string): string {
  const digits = seriesNumber.replace(/\D/g, '');
  if (digits.length !== 10) return '** ** ******';
  return `${digits.slice(0, 2)} ** ***${digits.slice(7)}`;
}

const CODE_AFTER_WORD = /(код[а-я]*\s*[:—-]?\s*)\d{4,8}/giu;
const SECRET_IN_LINK = /([?&#](?:token|code|t|key)=)[^&\s"'<>]+/giu;

/** A sent message as staff may read it: codes and link tokens replaced by «•••». */
export function redactMessage(text: string): string {
  return text.replace(CODE_AFTER_WORD, '$1••••••').replace(SECRET_IN_LINK, '$1•••');
}
