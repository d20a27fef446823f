import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { Card } from '@zaymo/contract';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, NetworkError } from '@/lib/api-client';
import { isClientError } from '@zaymo/web-kit';
import { cardsKeys } from '../api/keys';
import { failureRefererOf, usePayCallback } from '../api/pay-callback';
import { lastFour } from '../lib/card-format';
import { clearPayReferer, DEFAULT_PAY_REFERER, readPayReferer } from '../lib/pay-referer';
import '@/components/ui/button.css';

/** After a bound card the client is taken back by themselves after this pause. */
export const RETURN_DELAY_MS = 2000;

/** Confirms the gateway's return with our server and shows how it went. */
export function CallbackResult({ query }: { query: Record<string, string> }) {
  const { t } = useTranslation('cards');
  const [savedReferer] = useState(readPayReferer);
  const result = usePayCallback(query);
  const errorBody = result.error instanceof ApiError ? result.error.data : null;
  const referer =
    result.data?.referer ?? failureRefererOf(errorBody) ?? savedReferer ?? DEFAULT_PAY_REFERER;
  const backLabel =
    referer === DEFAULT_PAY_REFERER ? 'toCards' : result.isSuccess ? 'continue' : 'back';

  return (
    <div className="pay-callback__result">
      <div className="pay-callback__state" aria-live="polite" aria-atomic="true">
        {result.isPending && <Checking />}
        {result.isSuccess && <Bound card={result.data.card} referer={referer} />}
        {result.isError && <Failed error={result.error} />}
      </div>
      {!result.isPending && (
        <div className="pay-callback__actions">
          <Link className="ui-button ui-button--primary" to={referer} replace>
            {t(`callback.${backLabel}`)}
          </Link>
          {result.isError && !isClientError(result.error) && (
            <Button variant="secondary" onClick={() => void result.refetch()}>
              {t('actions.retry')}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}

function Checking() {
  const { t } = useTranslation('cards');
  return (
    <p className="pay-callback__line">
      <Spinner size="small" decorative />
      {t('callback.checking')}
    </p>
  );
}

function Bound({ card, referer }: { card: Card; referer: string }) {
  const { t } = useTranslation('cards');
  useBoundCardEffects(card, referer);
  return (
    <>
      <p className="pay-callback__line pay-callback__line--success">
        {t('callback.bound', { last4: lastFour(card.pan_masked) })}
      </p>
      <p className="pay-callback__text">{t('callback.returning')}</p>
    </>
  );
}

/** The cards list (the sign-up state's cards) is asked again; then back to where the client was. */
function useBoundCardEffects(card: Card, referer: string): void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: cardsKeys.all });
    clearPayReferer();
  }, [card, queryClient]);
  useEffect(() => {
    // The router shows a failed navigation itself; the timer has nobody to tell.
    const timer = setTimeout(() => void navigate(referer, { replace: true }), RETURN_DELAY_MS);
    return () => clearTimeout(timer);
  }, [navigate, referer]);
}

function Failed({ error }: { error: Error }) {
  const { t } = useTranslation('cards');
  // Only our server's (Russian) messages are shown; anything else reads as a plain failure.
  const ownMessage = error instanceof ApiError || error instanceof NetworkError;
  return (
    <>
      <p className="pay-callback__line pay-callback__line--error">{t('callback.failed')}</p>
      <p className="pay-callback__text">
        {(ownMessage && error.message) || t('callback.failedGeneric')}
      </p>
    </>
  );
}
