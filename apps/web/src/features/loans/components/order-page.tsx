import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { PageTitle } from '@/components/ui/page-title';
import type { RouteDefinition } from '@/config/paths';
import { LoadFailed, Loading } from './load-failed';
import '../loans.css';

type OrderPageProps = {
  titleKey: RouteDefinition['titleKey'];
  /** Loading or failed state of the order; the children show once it is there. */
  state?: { isPending: boolean; isError: boolean; refetch: () => void };
  children: ReactNode;
};

/** One step of the order's way: a centred card with the screen's title. */
export function OrderPage({ titleKey, state, children }: OrderPageProps) {
  const { t } = useTranslation(['routes', 'loans', 'common']);
  return (
    <div className="loan-page">
      <Card className="loan-page__card">
        <PageTitle>{t(`routes:${titleKey}`)}</PageTitle>
        {state?.isError ? (
          <LoadFailed text={t('common:errors.pageFailed')} onRetry={state.refetch} />
        ) : state?.isPending ? (
          <Loading text={t('common:loading')} />
        ) : (
          children
        )}
      </Card>
    </div>
  );
}
