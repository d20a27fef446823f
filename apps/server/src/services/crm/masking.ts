/*
 * What the console shows without a click: a passport with its series and number masked (SMS and
 * e-mail texts lose their codes and link tokens before they are logged: integrations/message-log).
 */

/** «4506123456» → «45 ** ***456»: the region of issue and the last three digits. */
export function maskPassport(seriesNumber: string): string {
  const digits = seriesNumber.replace(/\D/g, '');
  if (digits.length !== 10) return '** ** ******';
  return `${digits.slice(0, 2)} ** ***${digits.slice(7)}`;
}
