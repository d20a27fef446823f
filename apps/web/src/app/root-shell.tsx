import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { NotificationHost } from '@/components/notifications/notification-host';
import { PopupHost } from '@/components/popup/popup-host';
import { EmailConfirmationLink } from '@/features/accounts/components/email-confirmation-link';
import { storeQueryParamsAsCookies } from '@/lib/cookies';
import { restoreCalculatorState } from '@/stores/calculator';
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
      <NotificationHost />
      <ScrollRestoration />
    </>
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
