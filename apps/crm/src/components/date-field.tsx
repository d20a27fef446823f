import { DATE_MASK, dateFieldValue, isoToDisplayDate, useMaskedRef } from '@zaymo/web-kit';
import { Field } from './ui';

type DateFieldProps = {
  label: string;
  /** YYYY-MM-DD, the unfinished text, or nothing: what {@link dateFieldValue} made of the field. */
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  error?: string | undefined;
  hint?: string;
};

/**
 * A calendar date typed as ДД.ММ.ГГГГ whatever the browser's language (a native date input
 * shows «mm/dd/yyyy» in an English browser). The form gets YYYY-MM-DD; the mask is the cabinet's.
 */
export function DateField({ label, value, onChange, error, hint }: DateFieldProps) {
  const ref = useMaskedRef(DATE_MASK, undefined);
  return (
    <Field
      label={label}
      error={error}
      hint={hint}
      ref={ref}
      defaultValue={isoToDisplayDate(value)}
      onChange={(event) => onChange(dateFieldValue(event.target.value))}
      inputMode="numeric"
      autoComplete="off"
      placeholder="ДД.ММ.ГГГГ"
    />
  );
}
