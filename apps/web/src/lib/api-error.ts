/** An HTTP answer outside 2xx. `data` is the parsed body, usually `{ message }` (contract). */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly data: unknown,
  ) {
    // The server's Russian message is the error's own message; an empty one shows as generic.
    super(messageFromBody(data));
  }

  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500;
  }
}

/** The request never got an answer (offline, DNS, connection reset). */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
}

export function isClientError(error: unknown): boolean {
  return error instanceof ApiError && error.isClientError;
}

function messageFromBody(data: unknown): string {
  if (typeof data === 'object' && data !== null && 'message' in data) {
    const { message } = data;
    if (typeof message === 'string') return message;
  }
  return '';
}
