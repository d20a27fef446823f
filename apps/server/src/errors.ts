import {
  API_ERRORS,
  apiErrorMessage,
  type ApiErrorCode,
  type ApiErrorParams,
} from '@zaymo/contract';

/**
 * The one table of known failures lives in the contract (code → HTTP status and the Russian
 * message). Routes and services throw `new AppError('CARD_NOT_BOUND')` or, for a message with
 * values, `new AppError('MORATORIUM', { from })`; the error handler answers `{ code, message }`
 * with the status and text from the table.
 */
export const ERROR_CODES = API_ERRORS;

export type ErrorCode = ApiErrorCode;

/**
 * The generic codes of a malformed request (a field rule, a missing file, an unknown id) may still
 * carry a text of their own; every refusal the client can act on has its own code in the table
 * and takes no text (the types refuse one).
 */
const DETAIL_CODES = [
  'VALIDATION',
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'NOT_FOUND',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'TOO_MANY_REQUESTS',
  'SERVICE_UNAVAILABLE',
] as const satisfies readonly ErrorCode[];

export type DetailErrorCode = (typeof DETAIL_CODES)[number];

export interface AppErrorOptions {
  /** Per-field Russian messages, keyed by the field's dotted path. */
  fields?: Record<string, string>;
  /** For TOO_MANY_REQUESTS: seconds until the next try (body `retry_after` + Retry-After). */
  retryAfterSeconds?: number;
  cause?: unknown;
}

/**
 * A generic code takes an optional text of its own; a refusal's code takes none, or the typed
 * values its text needs.
 */
export type AppErrorArgs<C extends ErrorCode> = C extends DetailErrorCode
  ? [message?: string, options?: AppErrorOptions]
  : [ApiErrorParams<C>] extends [never]
    ? [options?: AppErrorOptions]
    : [params: ApiErrorParams<C>, options?: AppErrorOptions];

export class AppError<C extends ErrorCode = ErrorCode> extends Error {
  override name = 'AppError';
  readonly status: number;
  readonly fields: Record<string, string> | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(
    readonly code: C,
    ...args: AppErrorArgs<C>
  ) {
    const { message, options } = readArgs(code, args);
    super(message, { cause: options.cause });
    this.status = ERROR_CODES[code].status;
    this.fields = options.fields;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

function isDetailCode(code: ErrorCode): code is DetailErrorCode {
  return (DETAIL_CODES as readonly ErrorCode[]).includes(code);
}

function readArgs(
  code: ErrorCode,
  args: readonly unknown[],
): { message: string; options: AppErrorOptions } {
  const text = (apiErrorMessage as (code: ErrorCode, params?: unknown) => string).bind(null, code);
  if (isDetailCode(code)) {
    const [message, options] = args as [string | undefined, AppErrorOptions | undefined];
    return { message: message ?? text(), options: options ?? {} };
  }
  if (typeof ERROR_CODES[code].message === 'string') {
    return { message: text(), options: (args[0] as AppErrorOptions | undefined) ?? {} };
  }
  const [params, options] = args as [unknown, AppErrorOptions | undefined];
  return { message: text(params), options: options ?? {} };
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

export { codeForStatus } from '@zaymo/contract';
