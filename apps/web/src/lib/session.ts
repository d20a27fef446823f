import { useDashboardStore } from '@/stores/dashboard';
import { usePopupsStore } from '@/stores/popups';
import { useSessionStore } from '@/stores/session';
import { useSignupStore } from '@/stores/signup';
import { deleteCookie } from './cookies';
import { queryClient } from './query-client';

export const CRM_COOKIE = 'from_crm';

/**
 * Forgets the client in this browser (spec §4: logout or a 401): token, phone, admin flag,
 * the from_crm cookie, the session, dashboard and sign-up stores, open popups and cached data.
 */
export function signOutLocally(): void {
  useSessionStore.getState().reset();
  useDashboardStore.getState().reset();
  useSignupStore.getState().reset();
  usePopupsStore.getState().reset();
  deleteCookie(CRM_COOKIE);
  queryClient.clear();
}
