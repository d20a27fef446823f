import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { ROUTES, signinPathWithRedirect } from '@/config/paths';
import { signOutLocally } from '@/lib/session';
import { useAfterSignInStore } from '@/stores/after-sign-in';
import { useDashboardStore } from '@/stores/dashboard';
import { useSessionStore } from '@/stores/session';

/** Signed-in-only routes (spec §5): without a token the session is cleared and sign-in asked. */
export function SignedInOnly() {
  const token = useSessionStore((state) => state.token);
  const { pathname, search, hash } = useLocation();
  if (!token) return <RedirectToSignin fullPath={pathname + search + hash} />;
  return <Outlet />;
}

function RedirectToSignin({ fullPath }: { fullPath: string }) {
  const [target] = useState(() => signinPathWithRedirect(fullPath));
  useEffect(() => signOutLocally(), []);
  return <Navigate replace to={target} />;
}

/**
 * Guests-only routes (sign-in, sign-up): a signed-in client goes to the main page link, or, when
 * the session has just started on this page, where the page asked (after-sign-in target).
 */
export function GuestsOnly() {
  const token = useSessionStore((state) => state.token);
  const mainPageLink = useDashboardStore((state) => state.mainPageLink);
  const afterSignIn = useAfterSignInStore((state) => state.target);
  if (token) return <Navigate replace to={afterSignIn ?? mainPageLink} />;
  return <Outlet />;
}

/** `/index.html` → `/`, keeping the query and hash (spec §2). */
export function IndexHtmlRedirect() {
  const { search, hash } = useLocation();
  return <Navigate replace to={{ pathname: ROUTES.home.path, search, hash }} />;
}
