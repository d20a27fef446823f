import type { Endpoints } from '@zaymo/contract';
import { ApiError, createApiClient } from '@zaymo/web-kit';
import i18next from 'i18next';
import { ROUTES } from '@/config/paths';
import { useSessionStore } from '@/stores/session';
import { navigateTo } from './navigation';
import { reportError } from './reporter';
import { signOutLocally } from './session';

export { ApiError, fieldMessagesOf, fillPath, hasErrorCode, NetworkError } from '@zaymo/web-kit';

export const API_BASE = '/api';

/**
 * Spec §8: a 401 signs out and goes to sign-in — unless another tab signed in meanwhile (the
 * refused token was the old one): signing out would wipe that tab's new session too.
 * Other failures go to the reporter.
 */
function handleFailure(error: unknown): void {
  if (error instanceof ApiError && error.code === 'UNAUTHORIZED') {
    if (useSessionStore.getState().adoptNewerSession()) return;
    signOutLocally();
    if (window.location.pathname !== ROUTES.signin.path) navigateTo(ROUTES.signin.path);
  } else reportError(error);
}

/**
 * The answers are not validated here (no zod on this path): their types come from the contract,
 * and web tests check every mocked answer against the schema (test/api.ts).
 */
const client = createApiClient<Endpoints>({
  base: API_BASE,
  token: () => useSessionStore.getState().token,
  networkMessage: () => i18next.t('common:errors.network'),
  onFailure: handleFailure,
});

/** The one way to call our backend: base /api, JSON, bearer token, answers typed by the contract. */
export const api = {
  get: client.get,
  post: client.post,
  put: client.put,
  patch: client.patch,
  delete: client.delete,
  /** Binary answers such as PDF documents. */
  getBinary: client.getBinary,
};

/**
 * POST of multipart form data with real upload progress (XMLHttpRequest), with the same token,
 * typed answer and 401 / reporter handling as `api`.
 */
export const { uploadWithProgress } = client;
