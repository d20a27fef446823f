import type { ComponentProps } from 'react';
import { cx } from '@/lib/class-names';
import { Spinner } from './spinner';
import './button.css';

type ButtonProps = ComponentProps<'button'> & {
  variant?: 'primary' | 'secondary' | 'ghost';
  /** Shows a spinner and blocks clicks while an action runs. */
  loading?: boolean;
};

export function Button({
  variant = 'primary',
  loading = false,
  disabled,
  type = 'button',
  className,
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={cx('ui-button', `ui-button--${variant}`, className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading && <Spinner size="small" decorative />}
      <span className="ui-button__label">{children}</span>
    </button>
  );
}
