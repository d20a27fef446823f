import { useTranslation } from 'react-i18next';

/** How much of the photo has gone: a progress bar with the percent beside it. */
export function UploadProgress({ percent }: { percent: number }) {
  const { t } = useTranslation('identity');
  return (
    <div className="upload-progress">
      <progress
        className="upload-progress__bar"
        max={100}
        value={percent}
        aria-label={t('upload.sending')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      />
      <span className="upload-progress__percent" aria-hidden="true">
        {t('upload.percent', { percent })}
      </span>
    </div>
  );
}
