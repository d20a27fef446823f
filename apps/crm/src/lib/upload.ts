import type { CrmEndpointAnswer, CrmEndpoints, CrmPathFor, PathParamName } from '@zaymo/contract';
import { useStaffSession } from '@/stores/staff-session';
import { apiUrl, endSession, fillPath } from './api-client';
import { ApiError, NetworkError } from './api-error';

/** The POST paths of the console's table whose body is multipart form data. */
export type UploadPath = {
  [P in CrmPathFor<'POST'>]: CrmEndpoints[P]['POST'] extends { multipart: true } ? P : never;
}[CrmPathFor<'POST'>];

export type UploadOptions<P extends UploadPath> = {
  params: Record<PathParamName<P>, string | number>;
  /** Whole percent sent so far, 0–100, as the browser reports the request body going out. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
};

/**
 * POST of multipart form data with real upload progress (fetch cannot report how much of a body
 * has gone, so XMLHttpRequest): the staff token, the typed answer, and a 401 ends the session as
 * with `api` (lib/api-client.ts).
 */
export function uploadWithProgress<P extends UploadPath>(
  path: P,
  body: FormData,
  options: UploadOptions<P>,
): Promise<CrmEndpointAnswer<P, 'POST'>> {
  const params: Record<string, string | number> = options.params;
  const url = apiUrl(fillPath(path, params));
  return new Promise((resolve, reject) => {
    const token = useStaffSession.getState().token;
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.setRequestHeader('Accept', 'application/json');
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        options.onProgress?.(Math.min(100, Math.floor((event.loaded / event.total) * 100)));
      }
    };
    request.onload = () => {
      const data = parseBody(request.responseText);
      if (request.status >= 200 && request.status < 300) {
        options.onProgress?.(100);
        resolve(data as CrmEndpointAnswer<P, 'POST'>);
        return;
      }
      const error = new ApiError(request.status, data);
      if (token && error.code === 'UNAUTHORIZED') endSession();
      reject(error);
    };
    request.onerror = () => reject(new NetworkError('network'));
    request.onabort = () => reject(new DOMException('Загрузка отменена', 'AbortError'));
    if (options.signal?.aborted) {
      reject(new DOMException('Загрузка отменена', 'AbortError'));
      return;
    }
    options.signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(body);
  });
}

function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
