import type { ComponentProps } from 'react';
import { useHydrated } from '@/hooks/use-hydrated';
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
  const live = useHydrated();
  // A prerendered form is typed into before the app runs it; pressing Enter or its button then
  // would have the browser send it itself (a GET with the password in the address). A disabled
  // default button holds that off until the app takes the form over.
  const held = type === 'submit' && !live;
  return (
    <button
      type={type}
      className={cx('ui-button', `ui-button--${variant}`, className)}
      disabled={disabled || loading || held}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading && <Spinner size="small" decorative />}
      <span className="ui-button__label">{children}</span>
    </button>
  );
}
