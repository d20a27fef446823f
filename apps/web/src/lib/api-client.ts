import type {
  EndpointAnswer,
  EndpointBody,
  EndpointQuery,
  HttpMethod,
  PathFor,
  PathParamName,
} from '@zaymo/contract';
import i18next from 'i18next';
import { ROUTES } from '@/config/paths';
import { useSessionStore } from '@/stores/session';
import { ApiError, NetworkError } from './api-error';
import { navigateTo } from './navigation';
import { reportError } from './reporter';
import { signOutLocally } from './session';

export { ApiError, hasErrorCode, NetworkError } from './api-error';

export const API_BASE = '/api';

type Method = HttpMethod;
type QueryValue = string | number | boolean | null | undefined;
type Query = Record<string, QueryValue>;

/** What every transport takes: the query string, a JSON or multipart body, headers, abort. */
export type RequestOptions = {
  query?: Query;
  /** JSON-encoded unless it is FormData (multipart uploads pass through untouched). */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

type Never<T> = [T] extends [never] ? true : false;

/**
 * The options of one call, typed from the contract's endpoint table: `params` when the path has
 * `:names`, `body` when the route takes one, `query` when it reads one.
 */
export type CallOptions<P extends PathFor<M>, M extends Method> = {
  headers?: Record<string, string>;
  signal?: AbortSignal | undefined;
} & (Never<PathParamName<P>> extends true
  ? { params?: never }
  : { params: Record<PathParamName<P>, string | number> }) &
  (Never<EndpointBody<P, M>> extends true ? { body?: never } : { body: EndpointBody<P, M> }) &
  (Never<EndpointQuery<P, M>> extends true ? { query?: never } : { query?: EndpointQuery<P, M> });

/** Options may be left out unless the path has `:names` or the route takes a body. */
type NeedsOptions<P extends PathFor<M>, M extends Method> =
  Never<PathParamName<P>> extends true
    ? Never<EndpointBody<P, M>> extends true
      ? false
      : true
    : true;

type CallArgs<P extends PathFor<M>, M extends Method> =
  NeedsOptions<P, M> extends true ? [options: CallOptions<P, M>] : [options?: CallOptions<P, M>];

/** A call of one method: the path is a literal of the contract's table; the answer is typed. */
export type ApiCall<M extends Method> = <P extends PathFor<M>>(
  path: P,
  ...args: CallArgs<P, M>
) => Promise<EndpointAnswer<P, M>>;

/** `'/orders/:orderId/reject'` with `{ orderId: 7 }` → `'/orders/7/reject'` (each value encoded). */
export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`No value for :${name} in ${path}`);
    // Commas stay as they are: lists of ids («42,41») are one path segment (RFC 3986 sub-delims).
    return encodeURIComponent(String(value)).replace(/%2C/gi, ',');
  });
}

export function apiUrl(path: string, query?: Query): string {
  if (/^https?:\/\//.test(path)) return path + queryString(query);
  const relative = path.startsWith('/') ? path : `/${path}`;
  return API_BASE + relative + queryString(query);
}

function queryString(query: Query = {}): string {
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
  if (error instanceof ApiError && error.code === 'UNAUTHORIZED') handleUnauthorized();
  else reportError(error);
  return error;
}

/**
 * The answer is not validated here (no zod on this path): its type comes from the contract,
 * and web tests check every mocked answer against the schema (test/api.ts).
 */
async function request(method: Method, path: string, options: RequestOptions) {
  try {
    const response = await ensureOk(await send(method, path, options, 'application/json'));
    return await readBody(response);
  } catch (error) {
    throw handleFailure(error, options.signal);
  }
}

/** Binary answers (PDF, attachments): `path` is a link an answer gave, so it is not typed. */
async function getBinary(path: string, options: RequestOptions = {}): Promise<ArrayBuffer> {
  try {
    const response = await ensureOk(await send('GET', path, options, '*/*'));
    return await response.arrayBuffer();
  } catch (error) {
    throw handleFailure(error, options.signal);
  }
}

type AnyCallOptions = Omit<RequestOptions, 'query'> & {
  params?: Record<string, string | number>;
  query?: unknown;
};

function caller<M extends Method>(method: M): ApiCall<M> {
  return ((path: string, options: AnyCallOptions = {}) => {
    const { params, query, ...rest } = options;
    return request(method, fillPath(path, params), { ...rest, query: query as Query | undefined });
  }) as ApiCall<M>;
}

/** The one way to call our backend: base /api, JSON, bearer token, answers typed by the contract. */
export const api = {
  get: caller('GET'),
  post: caller('POST'),
  put: caller('PUT'),
  patch: caller('PATCH'),
  delete: caller('DELETE'),
  /** Binary answers such as PDF documents. */
  getBinary,
};
