/**
 * The Idempotency-Key of an order's payout, kept in sessionStorage so a reload (or a lost answer
 * retried) sends the same key and the server pays once. After a definite failure — the bank
 * refused (FAIL_TO_GIVE) or the server rejected the request (4xx) — the retry is a new attempt
 * and takes a new key: the old one would only replay the stored failure.
 */
const PREFIX = 'zaymo.payout-key.';
const memory = new Map<string, string>();

function storageKey(orderId: number): string {
  return `${PREFIX}${orderId}`;
}

function read(name: string): string | null {
  try {
    return window.sessionStorage.getItem(name);
  } catch {
    return memory.get(name) ?? null;
  }
}

function write(name: string, value: string): void {
  memory.set(name, value);
  try {
    window.sessionStorage.setItem(name, value);
  } catch {
    // Storage unavailable: the key lives in memory for this visit.
  }
}

/** The stored key of this order's payout, or a new one stored for the next time. */
export function payoutKeyFor(orderId: number): string {
  return read(storageKey(orderId)) ?? renewPayoutKey(orderId);
}

/** A fresh key for a new attempt after a definite failure. */
export function renewPayoutKey(orderId: number): string {
  const key = crypto.randomUUID();
  write(storageKey(orderId), key);
  return key;
}

/** The money went out: the key has done its job. */
export function forgetPayoutKey(orderId: number): void {
  const name = storageKey(orderId);
  memory.delete(name);
  try {
    window.sessionStorage.removeItem(name);
  } catch {
    // Nothing stored.
  }
}
