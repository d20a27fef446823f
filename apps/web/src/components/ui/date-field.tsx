import type { Ref } from 'react';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { DATE_MASK, dateFieldValue, isoToDisplayDate, useMaskedRef } from '@zaymo/web-kit';

type DateFieldProps = {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  name: string;
  /** YYYY-MM-DD (or the unfinished text) as the form keeps it. */
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  onBlur: () => void;
  inputRef: Ref<HTMLInputElement>;
  autoComplete?: string;
};

/**
 * A calendar date typed as ДД.ММ.ГГГГ with a digit keyboard: on a phone this is quicker than
 * scrolling a date picker back decades. The form gets YYYY-MM-DD.
 */
export function DateField({
  label,
  error,
  hint,
  value,
  onChange,
  inputRef,
  ...rest
}: DateFieldProps) {
  const ref = useMaskedRef(DATE_MASK, inputRef);
  return (
    <Field label={label} error={error} hint={hint}>
      {(control) => (
        <Input
          {...control}
          {...rest}
          ref={ref}
          defaultValue={isoToDisplayDate(value)}
          onChange={(event) => onChange(dateFieldValue(event.target.value))}
          inputMode="numeric"
          placeholder="ДД.ММ.ГГГГ"
        />
      )}
    </Field>
  );
}
