import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { errorMessageOf } from '@/lib/error-notice';
import { useDashboardStore } from '@/stores/dashboard';
import { oneShotKeys } from '../api/keys';
import { startSession } from '../api/session';
import { exchangeLoginCode } from '../api/sign-in';
import { AuthCard } from '../components/auth-card';
import { EsiaReturn } from '../components/esia-return';
import { FailedNotice } from '../components/social-failed';

/**
 * /social/callback?code=…: the e-mailed sign-in link, whose code becomes a session; with `state`,
 * the way back from Госуслуги (EsiaReturn).
 */
export function SocialCallbackScreen() {
  const [params] = useSearchParams();
  const code = params.get('code');
  const fromEsia = params.has('state');
  if (fromEsia) return <EsiaReturn query={params} />;
  return (
    <AuthCard titleKey="socialCallback">
      {code ? <CodeExchange code={code} /> : <FailedNotice message={null} />}
    </AuthCard>
  );
}

function CodeExchange({ code }: { code: string }) {
  const { t } = useTranslation('accounts');
  const navigate = useNavigate();
  const mainPageLink = useDashboardStore((state) => state.mainPageLink);
  const queryClient = useQueryClient();
  // A query, not a mutation: the code is single-use and a re-run effect must not send it twice.
  const exchange = useQuery({
    queryKey: oneShotKeys.detail(`social:${code}`),
    queryFn: async () => {
      startSession(queryClient, await exchangeLoginCode(code));
      return true;
    },
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });
  useEffect(() => {
    if (exchange.isSuccess) void navigate(mainPageLink, { replace: true });
  }, [exchange.isSuccess, mainPageLink, navigate]);
  if (exchange.isError) return <FailedNotice message={errorMessageOf(exchange.error) ?? null} />;
  return (
    <div className="accounts-notice" role="status">
      <Spinner decorative />
      <p>{t('social.exchanging')}</p>
    </div>
  );
}
