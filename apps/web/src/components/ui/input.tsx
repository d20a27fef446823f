import type { ComponentProps } from 'react';
import { cx } from '@/lib/class-names';
import './input.css';

export type InputProps = ComponentProps<'input'>;

export function Input({ className, type = 'text', ...rest }: InputProps) {
  return <input type={type} className={cx('ui-input', className)} {...rest} />;
}
