import type { CrmEndpoints } from '@zaymo/contract';
import { createApiClient, hasErrorCode } from '@zaymo/web-kit';
import { useStaffSession } from '@/stores/staff-session';
import { queryClient } from './query-client';

export const API_BASE = '/api';

/**
 * Forgets the staff session and every answer read with it. The signed-in guard (app/guards.tsx)
 * then shows «Вход», with the page to come back to after.
 */
export function endSession(): void {
  useStaffSession.getState().signOut();
  queryClient.clear();
}

const client = createApiClient<CrmEndpoints>({
  base: API_BASE,
  token: () => useStaffSession.getState().token,
  networkMessage: () => 'network',
  // A staff session that ended (idle, absolute, blocked): the signed-in guard shows «Вход» and
  // brings the staff member back here after. The sign-in steps send no token, so their own
  // refusals stay on their form.
  onFailure: (error, withToken) => {
    if (withToken && hasErrorCode(error, 'STAFF_UNAUTHORIZED')) endSession();
  },
});

/** The console's one way to call the server: /api, JSON, the staff token, typed answers. */
export const api = {
  get: client.get,
  post: client.post,
  /**
   * A file the server gives only with the staff token (the audit CSV, a document's PDF, a photo):
   * `link` is a path under /api an answer or the contract named, so it is not typed.
   */
  getBlob: client.getBlob,
  /** The same with the name the server gave the file (the audit CSV's, by its Moscow day). */
  getNamedBlob: client.getNamedBlob,
};

/** `/api` + path + the query's values, built as the calls build theirs (a file's link). */
export const { apiUrl } = client;

/** POST of multipart form data with real upload progress (XMLHttpRequest), as `api` otherwise. */
export const { uploadWithProgress } = client;
