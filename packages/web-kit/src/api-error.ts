import { codeForStatus, isApiErrorCode, type ApiErrorCode } from '@zaymo/contract';

/**
 * An HTTP answer outside 2xx. `code` is the contract's machine-readable reason (`API_ERRORS`):
 * branch on it, never on the status. `data` is the parsed body
 * (`{ code, message, fields?, retry_after? }`).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** The body's code; an answer without one (a proxy's own 429 or 502 page) gets its status's. */
  readonly code: ApiErrorCode;

  constructor(
    readonly status: number,
    readonly data: unknown,
  ) {
    // The server's Russian message; an empty one shows as the generic notice (spec §8).
    super(field(data, 'message') ?? '');
    const code = field(data, 'code');
    this.code = isApiErrorCode(code) ? code : codeForStatus(status);
  }

  /** The request itself was refused (4xx): asking again unchanged gives the same answer. */
  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500;
  }

  /**
   * Russian messages per field (dotted path): a schema's rules (VALIDATION), or the field a
   * refusal is about (`EMAIL_MISSING` under «email»).
   */
  get fields(): Record<string, string> {
    const fields = (this.data as { fields?: unknown } | null)?.fields;
    if (typeof fields !== 'object' || fields === null) return {};
    return Object.fromEntries(
      Object.entries(fields).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    );
  }

  /** Seconds to wait, from a TOO_MANY_REQUESTS answer. */
  get retryAfter(): number | undefined {
    const seconds = (this.data as { retry_after?: unknown } | null)?.retry_after;
    return typeof seconds === 'number' ? seconds : undefined;
  }
}

/** The request never got an answer (offline, DNS, connection reset). */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
}

export function isClientError(error: unknown): boolean {
  return error instanceof ApiError && error.isClientError;
}

/** The texts an error answer puts under fields, whatever its code; {} for anything else. */
export function fieldMessagesOf(error: unknown): Record<string, string> {
  return error instanceof ApiError ? error.fields : {};
}

/** Whether `error` is an error answer with one of `codes`. */
export function hasErrorCode(error: unknown, ...codes: ApiErrorCode[]): error is ApiError {
  return error instanceof ApiError && codes.includes(error.code);
}

function field(data: unknown, name: 'code' | 'message'): string | undefined {
  if (typeof data !== 'object' || data === null || !(name in data)) return undefined;
  const value = (data as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : undefined;
}
