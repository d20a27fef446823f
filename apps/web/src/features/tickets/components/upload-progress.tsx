import { useTranslation } from 'react-i18next';

/** How much of the message with its files has gone: a progress bar with the percent. */
export function UploadProgress({ percent }: { percent: number }) {
  const { t } = useTranslation('tickets');
  return (
    <div className="ticket-progress">
      <progress
        className="ticket-progress__bar"
        max={100}
        value={percent}
        aria-label={t('attachments.sending')}
      />
      <span className="ticket-progress__percent" aria-hidden="true">
        {t('attachments.percent', { percent })}
      </span>
    </div>
  );
}
