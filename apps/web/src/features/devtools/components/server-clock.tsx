import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { formatLongDateTime } from '@zaymo/web-kit';
import { showErrorNotice } from '@/lib/error-notice';
import { notify } from '@/stores/notifications';
import { useMoveClock, useServerClock } from '../api/clock';

/** The steps a tester moves the sandbox clock by. */
export const CLOCK_STEPS = [1, 10, 31] as const;

/** «Часы сервера»: the server's date and «Перевести часы» buttons (sandbox only). */
export function ServerClock() {
  const { t } = useTranslation('servicing');
  const clock = useServerClock();
  const move = useMoveClock();
  const onMove = (days: number) =>
    move.mutate(days, {
      onSuccess: () => notify({ message: t('clock.moved'), type: 'success' }),
      onError: (error) => showErrorNotice(error),
    });
  return (
    <section className="dev-clock" aria-labelledby="dev-clock-title">
      <h2 id="dev-clock-title" className="outbox__title">
        {t('clock.title')}
      </h2>
      {clock.isError && <p className="outbox__empty">{t('clock.failed')}</p>}
      {clock.data && (
        <p role="status" data-testid="server-clock">
          {t('clock.now', { date: formatLongDateTime(clock.data.now) })}{' '}
          {clock.data.offset_days !== undefined &&
            t('clock.shifted', { count: Math.round(clock.data.offset_days) })}
        </p>
      )}
      <div className="dev-test__actions" role="group" aria-label={t('clock.move')}>
        {CLOCK_STEPS.map((days) => (
          <Button
            key={days}
            variant="secondary"
            loading={move.isPending && move.variables === days}
            onClick={() => onMove(days)}
          >
            {t('clock.plus', { count: days })}
          </Button>
        ))}
      </div>
    </section>
  );
}
