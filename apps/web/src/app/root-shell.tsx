import { Suspense, useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { PopupHost } from '@/components/popup/popup-host';
import { EmailConfirmationLink } from '@/features/accounts/components/email-confirmation-link';
import { storeQueryParamsAsCookies } from '@/lib/cookies';
import { lazyNamed } from '@/lib/lazy';
import { restoreCalculatorState } from '@/stores/calculator';
import { useNotificationsStore } from '@/stores/notifications';
import { useSessionStore } from '@/stores/session';
import { AdminBanner } from './admin-banner';
import { POPUP_REGISTRY } from './popup-registry';
import { useDocumentTitle } from './use-document-title';

/** Spec §2 root shell: the routed screen, a popup host and a notification host. */
export function RootShell() {
  useRestoreSavedState();
  useQueryParamsAsCookies();
  useDocumentTitle();
  return (
    <>
      <AdminBanner />
      <Outlet />
      <EmailConfirmationLink />
      <PopupHost registry={POPUP_REGISTRY} />
      <Notifications />
      <ScrollRestoration />
    </>
  );
}

const NotificationHost = lazyNamed(
  () => import('@/components/notifications/notification-host'),
  'NotificationHost',
);

/**
 * The toast host (react-toastify) loads with the first notification, not with the first page;
 * it shows every notification not shown yet when it mounts.
 */
function Notifications() {
  const wanted = useNotificationsStore((state) => Object.keys(state.notifications).length > 0);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <NotificationHost />
    </Suspense>
  );
}

/** The saved token (if start-up has not restored one already) and the calculator. */
function useRestoreSavedState(): void {
  useEffect(() => {
    useSessionStore.getState().restore();
    restoreCalculatorState();
  }, []);
}

/** Spec §4: every page's query parameters become cookies for 30 days (never the token). */
function useQueryParamsAsCookies(): void {
  const { search } = useLocation();
  useEffect(() => storeQueryParamsAsCookies(search), [search]);
}
