import i18next from 'i18next';
import type { ZodType } from 'zod';
import { ROUTES } from '@/config/paths';
import { useSessionStore } from '@/stores/session';
import { ApiError, NetworkError } from './api-error';
import { navigateTo } from './navigation';
import { reportError } from './reporter';
import { signOutLocally } from './session';

export { ApiError, NetworkError } from './api-error';

export const API_BASE = '/api';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type QueryValue = string | number | boolean | null | undefined;

export type RequestOptions = {
  query?: Record<string, QueryValue>;
  /** JSON-encoded unless it is FormData (multipart uploads pass through untouched). */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

export type ValidatedOptions<T> = RequestOptions & { schema: ZodType<T> };

/** With a schema the answer is validated and typed; without one it is `unknown`. */
export type ApiCall = {
  <T>(path: string, options: ValidatedOptions<T>): Promise<T>;
  (path: string, options?: RequestOptions): Promise<unknown>;
};

export function apiUrl(path: string, query?: Record<string, QueryValue>): string {
  if (/^https?:\/\//.test(path)) return path + queryString(query);
  const relative = path.startsWith('/') ? path : `/${path}`;
  return API_BASE + relative + queryString(query);
}

function queryString(query: Record<string, QueryValue> = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(name, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

function buildHeaders(options: RequestOptions, accept: string): Headers {
  const headers = new Headers({ Accept: accept, ...options.headers });
  const { token } = useSessionStore.getState();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const isJsonBody = options.body !== undefined && !(options.body instanceof FormData);
  if (isJsonBody) headers.set('Content-Type', 'application/json');
  return headers;
}

function encodeBody(body: unknown): BodyInit | undefined {
  if (body === undefined || body instanceof FormData) return body;
  return JSON.stringify(body);
}

/** No timeout on purpose (spec §7): slow mobile networks must still finish uploads. */
async function send(method: Method, path: string, options: RequestOptions, accept: string) {
  try {
    return await fetch(apiUrl(path, options.query), {
      method,
      headers: buildHeaders(options, accept),
      body: encodeBody(options.body),
      signal: options.signal ?? null,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new NetworkError(i18next.t('common:errors.network'), { cause: error });
  }
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  if (!(response.headers.get('Content-Type') ?? '').includes('json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

async function ensureOk(response: Response): Promise<Response> {
  if (response.ok) return response;
  throw new ApiError(response.status, await readBody(response));
}

function handleUnauthorized(): void {
  signOutLocally();
  if (window.location.pathname !== ROUTES.signin.path) navigateTo(ROUTES.signin.path);
}

/**
 * Spec §8: a 401 signs out and goes to sign-in; other errors go to the reporter. Returns the
 * error for the caller to rethrow. Exported for transports other than fetch (lib/upload.ts).
 */
export function handleFailure(error: unknown, signal: AbortSignal | undefined): unknown {
  if (signal?.aborted) return error;
  if (error instanceof ApiError && error.status === 401) handleUnauthorized();
  else reportError(error);
  return error;
}

async function request(
  method: Method,
  path: string,
  options: RequestOptions & { schema?: ZodType },
) {
  try {
    const response = await ensureOk(await send(method, path, options, 'application/json'));
    const data = await readBody(response);
    return options.schema ? options.schema.parse(data) : data;
  } catch (error) {
    throw handleFailure(error, options.signal);
  }
}

async function getBinary(path: string, options: RequestOptions = {}): Promise<ArrayBuffer> {
  try {
    const response = await ensureOk(await send('GET', path, options, '*/*'));
    return await response.arrayBuffer();
  } catch (error) {
    throw handleFailure(error, options.signal);
  }
}

function caller(method: Method): ApiCall {
  return ((path: string, options: RequestOptions & { schema?: ZodType } = {}) =>
    request(method, path, options)) as ApiCall;
}

/** The one way to call our backend: base /api, JSON, bearer token, typed answers. */
export const api = {
  get: caller('GET'),
  post: caller('POST'),
  put: caller('PUT'),
  patch: caller('PATCH'),
  delete: caller('DELETE'),
  /** Binary answers such as PDF documents. */
  getBinary,
};
