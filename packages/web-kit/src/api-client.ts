import type {
  AnswerOf,
  BodyOf,
  HttpMethod,
  PathParamName,
  QueryOf,
  TablePathFor,
} from '@zaymo/contract';
import { ApiError, NetworkError } from './api-error';

/**
 * The typed API client over an endpoint table (`ENDPOINTS` of the cabinet, `CRM_ENDPOINTS` of the
 * console), types only: no zod at runtime. Each app binds it to its table, base path, token store
 * and failure policy once (its lib/api-client.ts) and calls through that binding.
 */

type Never<T> = [T] extends [never] ? true : false;
type QueryValue = string | number | boolean | null | undefined;
type Query = Record<string, QueryValue>;

/** The schemas of `method` on `path` of table `T`. */
export type TableCall<T, P, M extends HttpMethod> = P extends keyof T
  ? M extends keyof T[P]
    ? T[P][M]
    : never
  : never;

/** `params` when the path has `:names`. */
type ParamsOption<P> =
  Never<PathParamName<P & string>> extends true
    ? { params?: never }
    : { params: Record<PathParamName<P & string>, string | number> };

/**
 * The options of one call, typed from the table: `params` when the path has `:names`, `body` when
 * the route takes one, `query` when it reads one.
 */
export type CallOptions<T, P extends TablePathFor<T, M>, M extends HttpMethod> = {
  headers?: Record<string, string>;
  signal?: AbortSignal | undefined;
} & ParamsOption<P> &
  (Never<BodyOf<TableCall<T, P, M>>> extends true
    ? { body?: never }
    : { body: BodyOf<TableCall<T, P, M>> }) &
  (Never<QueryOf<TableCall<T, P, M>>> extends true
    ? { query?: never }
    : { query?: QueryOf<TableCall<T, P, M>> });

/** Options may be left out unless the path has `:names` or the route takes a body. */
type NeedsOptions<T, P extends TablePathFor<T, M>, M extends HttpMethod> =
  Never<PathParamName<P & string>> extends true
    ? Never<BodyOf<TableCall<T, P, M>>> extends true
      ? false
      : true
    : true;

type CallArgs<T, P extends TablePathFor<T, M>, M extends HttpMethod> =
  NeedsOptions<T, P, M> extends true
    ? [options: CallOptions<T, P, M>]
    : [options?: CallOptions<T, P, M>];

/** A call of one method: the path is a literal of the table; the answer is typed. */
export type ApiCall<T, M extends HttpMethod> = <P extends TablePathFor<T, M>>(
  path: P,
  ...args: CallArgs<T, P, M>
) => Promise<AnswerOf<TableCall<T, P, M>>>;

/** The POST paths of table `T` whose body is multipart form data. */
export type UploadPath<T> = {
  [P in TablePathFor<T, 'POST'>]: TableCall<T, P, 'POST'> extends { multipart: true } ? P : never;
}[TablePathFor<T, 'POST'>];

/** An upload's options: `params` exactly when the path has `:names`, as with the calls. */
export type UploadOptions<P extends string> = ParamsOption<P> & {
  /** Whole percent sent so far, 0–100, as the browser reports the request body going out. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
};

/** The options may be left out only when the path has no `:names`. */
type UploadArgs<P extends string> =
  Never<PathParamName<P>> extends true ? [options?: UploadOptions<P>] : [options: UploadOptions<P>];

/** `'/orders/:orderId/reject'` with `{ orderId: 7 }` → `'/orders/7/reject'` (each value encoded). */
export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`No value for :${name} in ${path}`);
    // Commas stay as they are: lists of ids («42,41») are one path segment (RFC 3986 sub-delims).
    return encodeURIComponent(String(value)).replace(/%2C/gi, ',');
  });
}

/** `?name=value&…` of the query's values; undefined, null and '' are left out. */
function queryString(query: Query = {}): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') search.append(name, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** What one app's client needs to know of the app. */
export type ApiClientConfig = {
  /** Where the API is mounted (`/api`). */
  base: string;
  /** The bearer token of the signed-in person, read at each call. */
  token: () => string | null | undefined;
  /** The text of a NetworkError (the request got no answer). */
  networkMessage: () => string;
  /**
   * Every failed call that was not aborted, before it is thrown to the caller: the app's 401 and
   * reporting policy. `withToken`: the call carried a token (sign-in steps do not).
   */
  onFailure: (error: unknown, withToken: boolean) => void;
};

/** What every transport takes: the query string, a JSON or multipart body, headers, abort. */
type RequestOptions = {
  query?: Query | undefined;
  /** JSON-encoded unless it is FormData (multipart uploads pass through untouched). */
  body?: unknown;
  headers?: Record<string, string> | undefined;
  signal?: AbortSignal | undefined;
};

type AnyCallOptions = Omit<RequestOptions, 'query'> & {
  params?: Record<string, string | number>;
  query?: unknown;
};

/** The answer's JSON when it says it is JSON, else its text; null when empty. */
function parseAnswer(text: string, contentType: string | null): unknown {
  if (!text) return null;
  if (!(contentType ?? '').includes('json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * The name a file answer gives itself (Content-Disposition): `filename*=UTF-8''…` (RFC 5987)
 * before the plain `filename="…"`; null when it names none.
 */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // A broken encoding: the plain name below.
    }
  }
  return /filename="([^"]+)"/i.exec(disposition)?.[1] ?? null;
}

function abortError(): DOMException {
  return new DOMException('Загрузка отменена', 'AbortError');
}

/** One app's client over table `T`: typed calls, files, uploads with progress. */
export function createApiClient<T>(config: ApiClientConfig) {
  /** Base + path + query; a full address (`https://…`) or one under the base stays as it is. */
  function apiUrl(path: string, query?: Query): string {
    if (/^https?:\/\//.test(path) || path.startsWith(`${config.base}/`)) {
      return path + queryString(query);
    }
    const relative = path.startsWith('/') ? path : `/${path}`;
    return config.base + relative + queryString(query);
  }

  /** Runs one call; a failure goes through the app's policy (unless aborted) and is rethrown. */
  async function guarded<R>(
    signal: AbortSignal | undefined,
    run: (token: string | null) => Promise<R>,
  ): Promise<R> {
    const token = config.token() ?? null;
    try {
      return await run(token);
    } catch (error) {
      if (!signal?.aborted) config.onFailure(error, token !== null);
      throw error;
    }
  }

  /** No timeout on purpose (spec §7): slow mobile networks must still finish uploads. */
  async function send(
    method: HttpMethod,
    path: string,
    options: RequestOptions,
    accept: string,
    token: string | null,
  ): Promise<Response> {
    const headers = new Headers({ Accept: accept, ...options.headers });
    if (token) headers.set('Authorization', `Bearer ${token}`);
    const { body } = options;
    const isJson = body !== undefined && !(body instanceof FormData);
    if (isJson) headers.set('Content-Type', 'application/json');
    let response: Response;
    try {
      response = await fetch(apiUrl(path, options.query), {
        method,
        headers,
        body: isJson ? JSON.stringify(body) : ((body as FormData | undefined) ?? null),
        signal: options.signal ?? null,
      });
    } catch (error) {
      if (options.signal?.aborted) throw error;
      throw new NetworkError(config.networkMessage(), { cause: error });
    }
    if (response.ok) return response;
    throw new ApiError(response.status, await readBody(response));
  }

  async function readBody(response: Response): Promise<unknown> {
    return parseAnswer(await response.text(), response.headers.get('Content-Type'));
  }

  function caller<M extends HttpMethod>(method: M): ApiCall<T, M> {
    return ((path: string, options: AnyCallOptions = {}) => {
      const { params, query, ...rest } = options;
      const request = { ...rest, query: query as Query | undefined };
      return guarded(options.signal, async (token) =>
        readBody(await send(method, fillPath(path, params), request, 'application/json', token)),
      );
    }) as ApiCall<T, M>;
  }

  /** A file behind the token (a PDF, a photo, a CSV): `link` is one an answer gave, not typed. */
  function getFile(link: string, options: RequestOptions = {}): Promise<Response> {
    return guarded(options.signal, (token) => send('GET', link, options, '*/*', token));
  }

  /**
   * POST of multipart form data with real upload progress: fetch cannot report how much of a
   * request body has gone, so XMLHttpRequest, with the same token, the same typed answer and the
   * same failure policy as the calls.
   */
  function uploadWithProgress<P extends UploadPath<T> & string>(
    path: P,
    body: FormData,
    ...args: UploadArgs<P>
  ): Promise<AnswerOf<TableCall<T, P, 'POST'>>> {
    const [options] = args;
    const url = apiUrl(fillPath(path, options?.params));
    return guarded(
      options?.signal,
      (token) =>
        new Promise<AnswerOf<TableCall<T, P, 'POST'>>>((resolve, reject) => {
          const request = new XMLHttpRequest();
          request.open('POST', url);
          request.setRequestHeader('Accept', 'application/json');
          if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
          request.upload.onprogress = (event) => {
            if (event.lengthComputable && event.total > 0) {
              options?.onProgress?.(Math.min(100, Math.floor((event.loaded / event.total) * 100)));
            }
          };
          request.onload = () => {
            const data = parseAnswer(
              request.responseText,
              request.getResponseHeader('Content-Type'),
            );
            if (request.status >= 200 && request.status < 300) {
              options?.onProgress?.(100);
              resolve(data as AnswerOf<TableCall<T, P, 'POST'>>);
            } else reject(new ApiError(request.status, data));
          };
          request.onerror = () => reject(new NetworkError(config.networkMessage()));
          request.onabort = () => reject(abortError());
          if (options?.signal?.aborted) return reject(abortError());
          options?.signal?.addEventListener('abort', () => request.abort(), { once: true });
          request.send(body);
        }),
    );
  }

  return {
    /** `/api` + path + the query's values (a link for `getBlob`, `getBinary`). */
    apiUrl,
    get: caller('GET'),
    post: caller('POST'),
    put: caller('PUT'),
    patch: caller('PATCH'),
    delete: caller('DELETE'),
    /** Binary answers (PDF, attachments) as an ArrayBuffer. */
    getBinary: async (link: string, options?: RequestOptions) =>
      (await getFile(link, options)).arrayBuffer(),
    /** Binary answers as a Blob (to open or save). */
    getBlob: async (link: string, signal?: AbortSignal) => (await getFile(link, { signal })).blob(),
    /** A file to save: its Blob and the name the server gave it (Content-Disposition). */
    getNamedBlob: async (link: string, signal?: AbortSignal) => {
      const response = await getFile(link, { signal });
      const fileName = fileNameOf(response.headers.get('Content-Disposition'));
      return { blob: await response.blob(), fileName };
    },
    uploadWithProgress,
  };
}
