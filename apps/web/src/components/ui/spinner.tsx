import { useTranslation } from 'react-i18next';
import { cx } from '@/lib/class-names';
import './spinner.css';

type SpinnerProps = {
  size?: 'small' | 'large';
  /** Decorative spinners (inside a busy button) are hidden from screen readers. */
  decorative?: boolean;
};

export function Spinner({ size = 'large', decorative = false }: SpinnerProps) {
  const { t } = useTranslation();
  const className = cx('ui-spinner', `ui-spinner--${size}`);
  if (decorative) return <span className={className} aria-hidden="true" />;
  return <span className={className} role="status" aria-label={t('loading')} />;
}

export function ScreenSpinner() {
  return (
    <div className="ui-screen-spinner">
      <Spinner />
    </div>
  );
}
