import { createHash, timingSafeEqual } from 'node:crypto';

/*
 * Best2Pay request and notification signatures.
 *
 * Algorithm (Best2Pay API, «Формирование и проверка цифровой подписи»): concatenate the values of
 * the call's parameters in the order documented for THAT call, append the sector's password, take
 * MD5 of the UTF-8 bytes, and base64-encode the lowercase HEX STRING of the hash (32 ASCII
 * characters → 44 base64 characters), not the raw 16-byte digest. What we checked:
 *  - Best2Pay's own WooCommerce plugin (github.com/best2pay/best2pay-woocommerce,
 *    best2pay-payment_method.php) signs with PHP `base64_encode(md5(...))`; PHP's md5() returns
 *    the hex string, so the base64 is of the hex. It signs Register as sector+amount+currency,
 *    the Purchase page as sector+id and Operation as sector+id+operation, and checks a
 *    notification by all its tag values in order (without signature and ofd_state) + password.
 *  - Public clients agree on the other orders: PurchaseByToken sector+id+token and P2PCredit
 *    sector+id+amount+currency+token (a Russian MFO's Best2Pay class, public on GitHub);
 *    Complete sector+id+amount+currency and Order sector+id (zavodilo/omnipay-best2pay);
 *    P2PCredit sector,id,amount,currency,pan,token with absent ones skipped
 *    (mr-molder/best2pay-tests helpers/client.py, which also base64-encodes the hex digest).
 *  - A published digest of the Paygine (Best2Pay's platform) integration manual, appendix 2,
 *    lists the same examples: REGISTER sector,amount,currency; PURCHASE/AUTHORIZE sector,id;
 *    OPERATION sector,id,operation; COMPLETE/REVERSE sector,id,amount,currency; ORDER sector,id;
 *    answers and notifications: all tags in order + password. (Paygine's newer sectors may use
 *    SHA-256 in place of MD5; Best2Pay sectors use MD5 as here.)
 */

/** Parameters of each call that enter its signature, in the documented order (password last). */
export const SIGNED_FIELDS = {
  Register: ['sector', 'amount', 'currency'],
  Purchase: ['sector', 'id'],
  Authorize: ['sector', 'id'],
  PurchaseByToken: ['sector', 'id', 'token'],
  Complete: ['sector', 'id', 'amount', 'currency'],
  Reverse: ['sector', 'id', 'amount', 'currency'],
  Order: ['sector', 'id'],
  Operation: ['sector', 'id', 'operation'],
  P2PCredit: ['sector', 'id', 'amount', 'currency', 'pan', 'token'],
  // СБП (Paygine manual tables 52–54 as public clients cite them; the QR link as sector+id).
  GetSBPBankList: ['sector'],
  SBPCreditPrecheck: ['sector', 'id', 'recipientBankId', 'phone'],
  SBPCredit: ['sector', 'id', 'precheck_id'],
  PurchaseSBPQRLink: ['sector', 'id'],
} as const satisfies Record<string, readonly string[]>;

export type Best2PayCall = keyof typeof SIGNED_FIELDS;

/** Form parameters of a request; an absent or empty value is not sent and not signed. */
export type RequestParams = Readonly<Record<string, string | undefined>>;

/**
 * Tags of a notification (`<operation>`) left out of its signature: the signature itself, and
 * ofd_state (the receipt state), which Best2Pay's own plugin removes before checking.
 */
export const UNSIGNED_NOTIFICATION_TAGS: ReadonlySet<string> = new Set(['signature', 'ofd_state']);

/** base64( md5hex( values joined + password ) ) */
export function best2paySignature(values: readonly string[], password: string): string {
  const hex = createHash('md5')
    .update(values.join('') + password, 'utf8')
    .digest('hex');
  return Buffer.from(hex, 'ascii').toString('base64');
}

/** The values of a request's signed parameters, in the call's order, skipping absent ones. */
export function signedValues(call: Best2PayCall, params: RequestParams): string[] {
  const fields: readonly string[] = SIGNED_FIELDS[call];
  return fields.map((field) => params[field] ?? '').filter((value) => value !== '');
}

export function signRequest(call: Best2PayCall, params: RequestParams, password: string): string {
  return best2paySignature(signedValues(call, params), password);
}

/** The values a notification is signed over: every tag's text in document order. */
export function notificationValues(fields: ReadonlyArray<readonly [string, string]>): string[] {
  return fields.filter(([name]) => !UNSIGNED_NOTIFICATION_TAGS.has(name)).map(([, value]) => value);
}

/** Compares two signatures in constant time (for equal lengths; a length is not a secret). */
export function signaturesMatch(expected: string, received: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(received, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** For the sandbox gateway: does a request carry the signature its parameters call for? */
export function isRequestSignatureValid(
  call: Best2PayCall,
  params: RequestParams,
  password: string,
): boolean {
  const received = params.signature;
  if (!received) return false;
  return signaturesMatch(signRequest(call, params, password), received);
}
