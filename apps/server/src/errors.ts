import { API_ERRORS, type ApiErrorCode } from '@zaymo/contract';

/**
 * The one table of known failures lives in the contract (code → HTTP status and the default
 * Russian message). Routes and services throw `new AppError('NOT_FOUND')` or
 * `new AppError('CONFLICT', 'Карта уже привязана')`; the error handler answers `{ code, message }`
 * with the status from the table.
 */
export const ERROR_CODES = API_ERRORS;

export type ErrorCode = ApiErrorCode;

export interface AppErrorOptions {
  /** Per-field Russian messages, keyed by the field's dotted path. */
  fields?: Record<string, string>;
  /** For TOO_MANY_REQUESTS: seconds until the next try (body `retry_after` + Retry-After). */
  retryAfterSeconds?: number;
  cause?: unknown;
}

export class AppError extends Error {
  override name = 'AppError';
  readonly status: number;
  readonly fields: Record<string, string> | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(
    readonly code: ErrorCode,
    message?: string,
    options: AppErrorOptions = {},
  ) {
    super(message ?? ERROR_CODES[code].message, { cause: options.cause });
    this.status = ERROR_CODES[code].status;
    this.fields = options.fields;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

export { codeForStatus } from '@zaymo/contract';
