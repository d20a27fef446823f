import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { showErrorNotice } from '@/lib/error-notice';
import { retryAfterOf } from '../api/sms';
import { formatSeconds, useCountdown } from '../hooks/use-countdown';

type ResendCodeProps = {
  /** Seconds until a new code may be requested (the send answer's resend_after). */
  initialSeconds: number;
  /** Sends a new code; resolves with the seconds until the next one. */
  onResend: () => Promise<number>;
  disabled?: boolean;
};

/** «Отправить код повторно через 0:59», then the «Отправить код ещё раз» button. */
export function ResendCode({ initialSeconds, onResend, disabled }: ResendCodeProps) {
  const { t } = useTranslation('accounts');
  const { remaining, restart } = useCountdown(initialSeconds);
  const [sending, setSending] = useState(false);
  const resend = async () => {
    setSending(true);
    try {
      restart(await onResend());
    } catch (error) {
      const retryAfter = retryAfterOf(error);
      if (retryAfter !== undefined) restart(retryAfter);
      showErrorNotice(error);
    } finally {
      setSending(false);
    }
  };
  if (remaining > 0) {
    return (
      <p className="accounts-resend" data-testid="resend-countdown">
        {t('code.resendIn', { time: formatSeconds(remaining) })}
      </p>
    );
  }
  return (
    <Button
      variant="ghost"
      className="accounts-resend__button"
      loading={sending}
      disabled={disabled}
      onClick={() => void resend()}
    >
      {t('code.resendNow')}
    </Button>
  );
}
