/*
 * A code, token or password never goes in an address: every proxy's access log, the browser's
 * history and the Referer header keep addresses. Such values travel in a body or a header. The
 * tests of both tables (no-secrets-in-urls.test.ts) and of every server route hold to this rule.
 */

/** A query field or path parameter named like something secret. */
export const SECRET_LOOKING_NAME = /code|token|passw|secret|asp|otp|pin|cvv|cvc|pan|key|sign/i;

/**
 * Fields (`METHOD /path: name`, the path without /api) allowed in an address, each for its
 * reason. Best2Pay puts its answer code (a status number such as 0 or 109, the same for every
 * client) on the return address it sends the browser back to: not a secret, and the gateway's
 * to shape. The e-mailed confirmation link is an address by nature: its token is used up by the
 * first open, and nginx's access log keeps paths without their query (deploy/nginx/zaymo.conf).
 */
export const NOT_SECRET_ADDRESS_FIELDS: ReadonlySet<string> = new Set([
  'POST /pay/callback/best2pay: code',
  'GET /pay/callbackPayment: code',
  'GET /loanpay/callbackPayment: code',
  'GET /clients/email/confirm: token',
]);

/** The fields of `METHOD /path: name` form that break the rule. */
export function secretLookingAddressFields(fields: readonly string[]): string[] {
  return fields.filter((field) => {
    const name = field.slice(field.lastIndexOf(': ') + 2);
    return SECRET_LOOKING_NAME.test(name) && !NOT_SECRET_ADDRESS_FIELDS.has(field);
  });
}
