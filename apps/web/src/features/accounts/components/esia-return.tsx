import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { EsiaReturnResponse } from '@zaymo/contract';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { ROUTES } from '@/config/paths';
import { errorMessageOf } from '@/lib/error-notice';
import { useDashboardStore } from '@/stores/dashboard';
import { returnFromEsia } from '../api/esia';
import { oneShotKeys } from '../api/keys';
import { startSession } from '../api/session';
import { keepEsiaSignup } from '../lib/esia-ticket';
import { AuthCard } from './auth-card';
import { FailedNotice } from './social-failed';

type Answer = EsiaReturnResponse['data'];

/**
 * Back from Госуслуги: a session, a sign-up waiting for the phone, a link, or a biometric result;
 * the card's title says which once it is known.
 */
export function EsiaReturn({ query }: { query: URLSearchParams }) {
  const answer = useEsiaReturn(query);
  return (
    <AuthCard titleKey="socialCallback" outcomeTitle={useOutcomeTitle(answer.data, answer.isError)}>
      <EsiaReturnBody answer={answer} />
    </AuthCard>
  );
}

function useOutcomeTitle(answer: Answer | undefined, refused: boolean): string | null {
  const { t } = useTranslation('accounts');
  if (refused) return t('esia.failedTitle');
  if (answer?.outcome === 'linked') return t('esia.linkedTitle');
  if (answer?.outcome === 'biometrics')
    return answer.passed ? t('esia.biometricsPassedTitle') : t('esia.biometricsFailedTitle');
  return null;
}

/** The one call back from Госуслуги; a session or a sign-up moves on to its screen. */
function useEsiaReturn(query: URLSearchParams) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const mainPageLink = useDashboardStore((state) => state.mainPageLink);
  // A query, not a mutation: the state is single-use and a re-run effect must not send it twice.
  const answer = useQuery({
    queryKey: oneShotKeys.detail(`esia:${query.get('state') ?? ''}`),
    queryFn: () => returnFromEsia(query),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });
  const data = answer.data;
  useEffect(() => {
    if (!data) return;
    if (data.outcome === 'signed_in') {
      startSession(queryClient, { data: { token: data.token, client: data.client } });
      void navigate(mainPageLink, { replace: true });
    } else if (data.outcome === 'signup') {
      keepEsiaSignup({ ticket: data.esia_ticket, fullName: data.full_name, phone: data.phone });
      void navigate(ROUTES.signup.path, { replace: true });
    }
  }, [data, mainPageLink, navigate, queryClient]);
  return answer;
}

function EsiaReturnBody({ answer }: { answer: ReturnType<typeof useEsiaReturn> }) {
  const { t } = useTranslation('accounts');
  const data = answer.data;
  if (answer.isError) return <FailedNotice message={errorMessageOf(answer.error) ?? null} />;
  if (data?.outcome === 'linked' || data?.outcome === 'biometrics')
    return <Outcome answer={data} />;
  return (
    <div className="accounts-notice" role="status">
      <Spinner decorative />
      <p>{t('esia.returning')}</p>
    </div>
  );
}

function Outcome({ answer }: { answer: Answer }) {
  const { t } = useTranslation('accounts');
  const text =
    answer.outcome === 'biometrics'
      ? answer.message
      : answer.outcome === 'linked' && answer.mismatches.length > 0
        ? t('esia.mismatches')
        : t('esia.linked');
  return (
    <div
      className="accounts-notice"
      role={answer.outcome === 'biometrics' && !answer.passed ? 'alert' : 'status'}
    >
      <p>{text}</p>
      <p>
        {answer.outcome === 'linked' ? (
          <Link to={ROUTES.profileIdentity.path}>{t('esia.toProfile')}</Link>
        ) : (
          <Link to={ROUTES.person.path}>{t('social.toProfile')}</Link>
        )}
      </p>
    </div>
  );
}
