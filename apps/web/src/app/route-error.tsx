import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageTitle } from '@/components/ui/page-title';
import { GENERIC_ERROR_MESSAGE } from '@zaymo/contract';
import { reportError } from '@/lib/reporter';

/** Shown instead of a screen that failed to render or load (for example after a deploy). */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => reportError(error), [error]);
  return (
    <main className="route-error">
      <Card>
        <PageTitle>{GENERIC_ERROR_MESSAGE}</PageTitle>
        <p>{t('errors.pageFailed')}</p>
        <Button onClick={() => window.location.reload()}>{t('errors.reload')}</Button>
      </Card>
    </main>
  );
}
