import type { EndpointAnswer, Endpoints, PathFor, PathParamName } from '@zaymo/contract';
import i18next from 'i18next';
import { useSessionStore } from '@/stores/session';
import { apiUrl, ApiError, fillPath, handleFailure, NetworkError } from './api-client';

/** The POST paths of the contract's table whose body is multipart form data. */
export type UploadPath = {
  [P in PathFor<'POST'>]: Endpoints[P]['POST'] extends { multipart: true } ? P : never;
}[PathFor<'POST'>];

export type UploadOptions<P extends UploadPath> = {
  /** Values of the path's `:names`. */
  params?: Record<PathParamName<P>, string | number>;
  /** Whole percent sent so far, 0–100, as the browser reports the request body going out. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
};

/**
 * POST of multipart form data to our API with real upload progress. fetch cannot report how
 * much of a request body has gone, so this uses XMLHttpRequest, with the same bearer token,
 * the same typed answer and the same 401 / reporter handling as `api`.
 */
export async function uploadWithProgress<P extends UploadPath>(
  path: P,
  body: FormData,
  options: UploadOptions<P> = {},
): Promise<EndpointAnswer<P, 'POST'>> {
  try {
    const params: Record<string, string | number> | undefined = options.params;
    return (await sendForm(fillPath(path, params), body, options)) as EndpointAnswer<P, 'POST'>;
  } catch (error) {
    throw handleFailure(error, options.signal);
  }
}

function sendForm(
  path: string,
  body: FormData,
  options: Pick<UploadOptions<UploadPath>, 'onProgress' | 'signal'>,
) {
  return new Promise<unknown>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', apiUrl(path));
    request.setRequestHeader('Accept', 'application/json');
    const { token } = useSessionStore.getState();
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        options.onProgress?.(Math.min(100, Math.floor((event.loaded / event.total) * 100)));
      }
    };
    request.onload = () => {
      const data = parseBody(request);
      if (request.status >= 200 && request.status < 300) {
        options.onProgress?.(100);
        resolve(data);
      } else reject(new ApiError(request.status, data));
    };
    request.onerror = () => reject(new NetworkError(i18next.t('common:errors.network')));
    request.onabort = () => reject(abortError());
    if (options.signal?.aborted) return reject(abortError());
    options.signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(body);
  });
}

function abortError(): DOMException {
  return new DOMException('Загрузка отменена', 'AbortError');
}

function parseBody(request: XMLHttpRequest): unknown {
  const text = request.responseText;
  if (!text) return null;
  if (!(request.getResponseHeader('Content-Type') ?? '').includes('json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
