/*
 * Failures that say "no usable database right now" rather than "this query is wrong": the
 * connection broke or was refused (a primary killed, a failover under way), the server is
 * starting or stopping, or the address reached a standby that cannot write yet. A request that
 * meets one answers 503 with Retry-After (http/error-handler.ts); the same request a few seconds
 * later reaches the new primary.
 */

/** SQLSTATE classes and codes of PostgreSQL. */
const UNAVAILABLE_SQLSTATE_CLASS = '08'; // connection exception
/** read_only_sql_transaction: a standby, before the proxy moved to the new primary. */
const READ_ONLY_SQLSTATE = '25006';
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, or in recovery)
  '53300', // too_many_connections
  READ_ONLY_SQLSTATE,
]);

const UNAVAILABLE_SOCKET_ERRORS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** node-postgres says these in words only (no code). */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error',
  'timeout exceeded when trying to connect',
  'Client was closed and is not queryable',
  'Cannot use a pool after calling end',
];

/** How deep the `cause` chain is followed (drizzle wraps the driver's error in its own). */
const MAX_CAUSES = 5;

export function isDatabaseUnavailable(error: unknown): boolean {
  return someCause(error, saysUnavailable);
}

/** A write refused because the server is a standby (or the transaction was read-only). */
export function isWriteRefused(error: unknown): boolean {
  return someCause(error, (cause) => (cause as { code?: unknown }).code === READ_ONLY_SQLSTATE);
}

/** Follows `cause`, and the errors of an AggregateError (a connection tried on several addresses). */
function someCause(error: unknown, test: (cause: Error) => boolean, depth = 0): boolean {
  if (!(error instanceof Error) || depth > MAX_CAUSES) return false;
  if (test(error)) return true;
  if (error instanceof AggregateError && error.errors.some((e) => someCause(e, test, depth + 1))) {
    return true;
  }
  return someCause(error.cause, test, depth + 1);
}

function saysUnavailable(error: Error): boolean {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (UNAVAILABLE_SOCKET_ERRORS.has(code) || UNAVAILABLE_SQLSTATES.has(code)) return true;
    if (/^[0-9A-Z]{5}$/.test(code) && code.startsWith(UNAVAILABLE_SQLSTATE_CLASS)) return true;
  }
  return UNAVAILABLE_MESSAGES.some((message) => error.message.includes(message));
}
