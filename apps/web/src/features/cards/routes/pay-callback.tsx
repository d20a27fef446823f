import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Card } from '@/components/ui/card';
import { PageTitle } from '@/components/ui/page-title';
import { ROUTES } from '@/config/paths';
import { CallbackResult } from '../components/callback-result';
import { readCallbackQuery } from '../lib/callback-query';
import '../cards.css';

/** /pay/callback: where the gateway's card page sends the client back. */
export function PayCallbackScreen() {
  const { t } = useTranslation('routes');
  const [search] = useSearchParams();
  const query = useMemo(() => readCallbackQuery(search), [search]);
  return (
    <Card className="pay-callback">
      <PageTitle>{t('payCallback')}</PageTitle>
      {query ? <CallbackResult query={query} /> : <NoCallbackQuery />}
    </Card>
  );
}

function NoCallbackQuery() {
  const { t } = useTranslation('cards');
  return (
    <>
      <p className="pay-callback__text">{t('callback.noQuery')}</p>
      <Link className="pay-callback__link" to={ROUTES.cards.path}>
        {t('callback.toCards')}
      </Link>
    </>
  );
}
