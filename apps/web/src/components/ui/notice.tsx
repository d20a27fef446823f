import type { ComponentProps, HTMLAttributes } from 'react';
import { cx } from '@/lib/class-names';
import './notice.css';

type NoticeProps = {
  /** A one-line notice is a paragraph; one with a title, text or a button is a block. */
  as?: 'div' | 'p';
  /** An error is said in the danger colour (give it `role="alert"`). */
  tone?: 'neutral' | 'error';
} & HTMLAttributes<HTMLElement>;

/**
 * The panel a screen or popup says a state in (loading, nothing yet, a call that failed), the
 * same on every feature. `NoticeTitle` is its bold first line.
 */
export function Notice({ as: Tag = 'div', tone = 'neutral', className, ...rest }: NoticeProps) {
  return (
    <Tag className={cx('ui-notice', tone === 'error' && 'ui-notice--error', className)} {...rest} />
  );
}

export function NoticeTitle({ className, ...rest }: ComponentProps<'p'>) {
  return <p className={cx('ui-notice__title', className)} {...rest} />;
}
