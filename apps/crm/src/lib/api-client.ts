import type {
  CrmEndpointAnswer,
  CrmEndpointBody,
  CrmEndpointQuery,
  CrmPathFor,
  HttpMethod,
  PathParamName,
} from '@zaymo/contract';
import { useStaffSession } from '@/stores/staff-session';
import { ApiError, NetworkError } from './api-error';
import { queryClient } from './query-client';

export const API_BASE = '/api';

type Never<T> = [T] extends [never] ? true : false;
type QueryValue = string | number | boolean | null | undefined;

/** The options of one call, typed from the console's endpoint table (crm-endpoints.ts). */
export type CallOptions<P extends CrmPathFor<M>, M extends HttpMethod> = {
  signal?: AbortSignal | undefined;
} & (Never<PathParamName<P>> extends true
  ? { params?: never }
  : { params: Record<PathParamName<P>, string | number> }) &
  (Never<CrmEndpointBody<P, M>> extends true ? { body?: never } : { body: CrmEndpointBody<P, M> }) &
  (Never<CrmEndpointQuery<P, M>> extends true
    ? { query?: never }
    : { query?: CrmEndpointQuery<P, M> });

type NeedsOptions<P extends CrmPathFor<M>, M extends HttpMethod> =
  Never<PathParamName<P>> extends true
    ? Never<CrmEndpointBody<P, M>> extends true
      ? false
      : true
    : true;

type CallArgs<P extends CrmPathFor<M>, M extends HttpMethod> =
  NeedsOptions<P, M> extends true ? [options: CallOptions<P, M>] : [options?: CallOptions<P, M>];

export type ApiCall<M extends HttpMethod> = <P extends CrmPathFor<M>>(
  path: P,
  ...args: CallArgs<P, M>
) => Promise<CrmEndpointAnswer<P, M>>;

/** `'/crm/clients/:id'` with `{ id: 7 }` → `'/crm/clients/7'` (each value encoded). */
export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`No value for :${name} in ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** `/api` + path + the query's defined values. */
export function apiUrl(path: string, query: Record<string, QueryValue> = {}): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') search.append(name, String(value));
  }
  const text = search.toString();
  return `${API_BASE}${path}${text ? `?${text}` : ''}`;
}

type RawOptions = { body?: unknown; signal?: AbortSignal | undefined; accept: string };

async function send(method: HttpMethod, url: string, options: RawOptions): Promise<Response> {
  const token = useStaffSession.getState().token;
  const headers = new Headers({ Accept: options.accept });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (options.body !== undefined) headers.set('Content-Type', 'application/json');
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: options.body === undefined ? null : JSON.stringify(options.body),
      signal: options.signal ?? null,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new NetworkError('network', { cause: error });
  }
  if (response.ok) return response;
  const error = new ApiError(response.status, await readBody(response));
  // A staff session that ended (idle, absolute, blocked): the signed-in guard shows «Вход» and
  // brings the staff member back here after. The sign-in steps send no token, so their own
  // refusals stay on their form.
  if (token && error.code === 'UNAUTHORIZED') endSession();
  throw error;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * Forgets the staff session and every answer read with it. The signed-in guard (app/guards.tsx)
 * then shows «Вход», with the page to come back to after.
 */
export function endSession(): void {
  useStaffSession.getState().signOut();
  queryClient.clear();
}

type AnyOptions = {
  params?: Record<string, string | number>;
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
};

function caller<M extends HttpMethod>(method: M): ApiCall<M> {
  return (async (path: string, options: AnyOptions = {}) => {
    const url = apiUrl(fillPath(path, options.params), options.query);
    const response = await send(method, url, {
      body: options.body,
      signal: options.signal,
      accept: 'application/json',
    });
    return readBody(response);
  }) as ApiCall<M>;
}

/**
 * A file the server gives only with the staff token (the audit CSV, a document's PDF, a photo):
 * `link` is a path under /api an answer or the contract named, so it is not typed.
 */
async function getBlob(link: string, signal?: AbortSignal): Promise<Blob> {
  const url = link.startsWith(API_BASE) ? link : `${API_BASE}${link}`;
  const response = await send('GET', url, { signal, accept: '*/*' });
  return response.blob();
}

/** The console's one way to call the server: /api, JSON, the staff token, typed answers. */
export const api = {
  get: caller('GET'),
  post: caller('POST'),
  getBlob,
};
