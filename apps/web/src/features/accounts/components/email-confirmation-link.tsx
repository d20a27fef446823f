import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { GENERIC_ERROR_MESSAGE } from '@zaymo/contract';
import { REDIRECT_PARAM } from '@/config/paths';
import { errorMessageOf } from '@/lib/error-notice';
import { notify } from '@/stores/notifications';
import { useSessionStore } from '@/stores/session';
import { clientKeys } from '@/lib/query-keys';
import { oneShotKeys } from '../api/keys';
import { confirmEmail } from '../api/profile';

/**
 * The e-mailed link is GET /api/clients/email/confirm?token=…: the server confirms and sends the
 * browser to /person?email_confirmed=1 (0 when the link was stale). A link straight into the app,
 * `<any page>?confirm_email=<token>`, is confirmed here with POST /clients/email/confirm.
 */
export const EMAIL_CONFIRMED_PARAM = 'email_confirmed';
export const CONFIRM_EMAIL_PARAM = 'confirm_email';

/**
 * Route-less: tells the client how the e-mail confirmation went and takes the parameter off the
 * address. A guest is first sent to sign-in by the page's guard: the server has confirmed already,
 * so the outcome is told there at once; a token link waits in the redirect for the sign-in.
 */
export function EmailConfirmationLink() {
  const [params] = useSearchParams();
  const signedIn = useSessionStore((state) => state.token !== null);
  if (!signedIn) {
    const redirected = confirmedInRedirect(params);
    return redirected === null ? null : <GuestConfirmationResult confirmed={redirected} />;
  }
  const token = params.get(CONFIRM_EMAIL_PARAM);
  if (token) return <ConfirmEmailToken token={token} />;
  const result = params.get(EMAIL_CONFIRMED_PARAM);
  if (result !== null) return <ConfirmationResult confirmed={result === '1'} />;
  return null;
}

function ConfirmationResult({ confirmed }: { confirmed: boolean }) {
  const { t } = useTranslation('accounts');
  const message = confirmed ? t('email.confirmedNow') : t('email.staleLink');
  useReportConfirmation(EMAIL_CONFIRMED_PARAM, confirmed ? 'success' : 'error', message);
  return null;
}

/** «/signin?redirect=/person?email_confirmed=1» → true; no such parameter → null. */
function confirmedInRedirect(params: URLSearchParams): boolean | null {
  const redirect = params.get(REDIRECT_PARAM);
  if (!redirect) return null;
  const result = new URL(redirect, window.location.origin).searchParams.get(EMAIL_CONFIRMED_PARAM);
  return result === null ? null : result === '1';
}

function GuestConfirmationResult({ confirmed }: { confirmed: boolean }) {
  const { t } = useTranslation('accounts');
  const [, setParams] = useSearchParams();
  useEffect(() => {
    const message = confirmed ? t('email.confirmedNow') : t('email.staleLink');
    notify({ message, type: confirmed ? 'success' : 'error', key: 'email-confirmation:guest' });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        const target = new URL(next.get(REDIRECT_PARAM) ?? '/', window.location.origin);
        target.searchParams.delete(EMAIL_CONFIRMED_PARAM);
        next.set(REDIRECT_PARAM, target.pathname + target.search + target.hash);
        return next;
      },
      { replace: true },
    );
  }, [confirmed, t, setParams]);
  return null;
}

function ConfirmEmailToken({ token }: { token: string }) {
  const { t } = useTranslation('accounts');
  // A query keyed by the token: a re-run effect never sends the single-use token twice.
  const confirmation = useQuery({
    queryKey: oneShotKeys.detail(`confirm-email:${token}`),
    queryFn: () => confirmEmail(token),
    retry: false,
    staleTime: Infinity,
  });
  const outcome = confirmation.isSuccess ? 'success' : confirmation.isError ? 'error' : null;
  const message = confirmation.isError
    ? errorMessageOf(confirmation.error) || GENERIC_ERROR_MESSAGE
    : t('email.confirmedNow');
  useReportConfirmation(CONFIRM_EMAIL_PARAM, outcome, message);
  return null;
}

/** Once the outcome is known: a toast, a fresh client, the parameter gone from the address. */
function useReportConfirmation(
  param: string,
  outcome: 'success' | 'error' | null,
  message: string,
): void {
  const queryClient = useQueryClient();
  const [, setParams] = useSearchParams();
  useEffect(() => {
    if (outcome === null) return;
    notify({ message, type: outcome, key: `email-confirmation:${outcome}` });
    void queryClient.invalidateQueries({ queryKey: clientKeys.all });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(param);
        return next;
      },
      { replace: true },
    );
  }, [outcome, message, param, queryClient, setParams]);
}
