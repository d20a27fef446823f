import { API_ERRORS, API_ERROR_CODES } from '@zaymo/contract';
import { vi } from 'vitest';

type MockAnswer = { status?: number; body?: unknown; headers?: Record<string, string> };
type Handler = (url: string, init: RequestInit) => MockAnswer | Promise<MockAnswer>;

/**
 * Error answers of the hand-made fakes carry the code the server would give for their status
 * (the first of API_ERRORS with it), as every error answer of the server does.
 */
export function withErrorCode(status: number, body: unknown): unknown {
  if (status < 400 || typeof body !== 'object' || body === null || 'code' in body) return body;
  const code = API_ERROR_CODES.find((known) => API_ERRORS[known].status === status);
  return code ? { code, ...body } : body;
}

export function jsonResponse({ status = 200, body, headers }: MockAnswer): Response {
  const text = body === undefined ? '' : JSON.stringify(withErrorCode(status, body));
  return new Response(status === 204 ? null : text, {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

/** Tests must never reach a real server: unmocked calls fail like an unreachable network. */
export function installUnmockedFetch(): void {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.reject(new TypeError('fetch is not mocked in this test'))),
  );
}

/** Answers every call through the handler; returns the mock to inspect calls. */
export function mockFetch(handler: Handler) {
  const mock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) =>
    jsonResponse(await handler(String(input), init)),
  );
  vi.stubGlobal('fetch', mock);
  return mock;
}
