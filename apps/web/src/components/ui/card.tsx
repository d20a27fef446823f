import type { ComponentProps } from 'react';
import { cx } from '@/lib/class-names';
import './card.css';

export function Card({ className, ...rest }: ComponentProps<'section'>) {
  return <section className={cx('ui-card', className)} {...rest} />;
}
