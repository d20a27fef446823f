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

export interface AppErrorOptions {
  /** The field a refusal is about: the answer names it in `fields`, with the code's text. */
  field?: string;
  /**
   * Per-field texts, keyed by the field's dotted path: only texts of the contract's schemas
   * (a request part they refused), never a text written here.
   */
  fields?: Record<string, string>;
  /** For TOO_MANY_REQUESTS: seconds until the next try (body `retry_after` + Retry-After). */
  retryAfterSeconds?: number;
  cause?: unknown;
}

/** A code takes no text of its own: only the typed values its table text needs. */
export type AppErrorArgs<C extends ErrorCode> = [ApiErrorParams<C>] extends [never]
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
    this.fields = options.fields ?? (options.field ? { [options.field]: message } : undefined);
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

function readArgs(
  code: ErrorCode,
  args: readonly unknown[],
): { message: string; options: AppErrorOptions } {
  const text = (apiErrorMessage as (code: ErrorCode, params?: unknown) => string).bind(null, code);
  if (typeof ERROR_CODES[code].message === 'string') {
    return { message: text(), options: (args[0] as AppErrorOptions | undefined) ?? {} };
  }
  const [params, options] = args as [unknown, AppErrorOptions | undefined];
  return { message: text(params), options: options ?? {} };
}

/**
 * The one answer whose text is not the table's: field rules of the contract's schemas that a
 * service checks itself (a tariff's bounds). VALIDATION, the first rule's text as the message.
 */
export function fieldRefusal(fields: Record<string, string>): AppError<'VALIDATION'> {
  const error = new AppError('VALIDATION', { fields });
  const [first] = Object.values(fields);
  if (first !== undefined) error.message = first;
  return error;
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

export { codeForStatus } from '@zaymo/contract';
