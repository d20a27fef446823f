/*
 * Whether an error means "the database cannot be reached now" rather than "this query is wrong":
 * the first is an outage the client should hear about as 503 (try again later), the second our
 * bug (500). Drizzle wraps the driver's error as `cause`, so the chain is followed.
 */

/** Socket failures on the way to PostgreSQL (node's system error codes). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL's SQLSTATEs of a server that is not serving: class 08 (connection exception), 57P01–
 * 57P03 (shut down by an administrator, crashed, starting up), 53300 (too many connections).
 */
const SERVER_NOT_SERVING = /^(08...|57P0[123]|53300)$/;

/** node-postgres and its pool say so in words only. */
const DRIVER_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Cannot use a pool after calling end',
];

const MAX_DEPTH = 5;

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > MAX_DEPTH) return false;
  const code = (error as Error & { code?: unknown }).code;
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || SERVER_NOT_SERVING.test(code))) {
    return true;
  }
  if (DRIVER_MESSAGES.some((text) => error.message.includes(text))) return true;
  if (
    error instanceof AggregateError &&
    error.errors.some((e) => isDatabaseUnavailable(e, depth + 1))
  )
    return true;
  return isDatabaseUnavailable(error.cause, depth + 1);
}
