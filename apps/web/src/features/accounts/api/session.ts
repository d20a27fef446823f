import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { SessionResponse } from '@zaymo/contract';
import { deleteCookie } from '@/lib/cookies';
import { CRM_COOKIE } from '@/lib/session';
import { setAfterSignInTarget } from '@/stores/after-sign-in';
import { useSessionStore } from '@/stores/session';
import { useSignupStore } from '@/stores/signup';
import { clientKeys } from '@/lib/query-keys';

/**
 * A successful sign-up or sign-in: the token and phone go to the session store, the client to
 * the cache (no second GET /clients), the sign-up state learns who and where the client is.
 * `next` is where a guests-only page goes now (null: the main page link).
 */
export function startSession(
  queryClient: QueryClient,
  { data }: SessionResponse,
  next: string | null = null,
): void {
  queryClient.setQueryData(clientKeys.all, data.client);
  useSignupStore
    .getState()
    .update({ userId: data.client.id, phone: data.client.phone, step: data.client.step });
  setAfterSignInTarget(next);
  // The client's own sign-in in this browser ends any operator mode that was left in it.
  deleteCookie(CRM_COOKIE);
  const session = useSessionStore.getState();
  session.setAdmin(false);
  session.setPhone(data.client.phone);
  session.setToken(data.token);
}

export function useStartSession(): (answer: SessionResponse, next?: string | null) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (answer, next = null) => startSession(queryClient, answer, next),
    [queryClient],
  );
}
