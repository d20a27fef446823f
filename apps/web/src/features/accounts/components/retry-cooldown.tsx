import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { retryAfterOf } from '../api/sms';
import { formatSeconds, useCountdown } from '../hooks/use-countdown';

/**
 * After a 429 (too many codes or links) the submit waits the server's retry_after: the button is
 * disabled and the time left is shown. `onError` returns true when it was such an answer.
 */
export function useRetryCooldown() {
  const { remaining, restart } = useCountdown(0);
  const onError = useCallback(
    (error: unknown) => {
      const retryAfter = retryAfterOf(error);
      if (retryAfter !== undefined) restart(retryAfter);
      return retryAfter !== undefined;
    },
    [restart],
  );
  return { waiting: remaining > 0, remaining, onError };
}

export function RetryCooldownNotice({ id, remaining }: { id: string; remaining: number }) {
  const { t } = useTranslation('accounts');
  if (remaining <= 0) return null;
  return (
    <p id={id} className="accounts-resend" data-testid="retry-cooldown">
      {t('code.retryIn', { time: formatSeconds(remaining) })}
    </p>
  );
}
