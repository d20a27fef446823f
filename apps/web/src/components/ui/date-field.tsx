import type { Ref } from 'react';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { DATE_MASK, dateFieldValue, isoToDisplayDate, useMaskedRef } from '@zaymo/web-kit';

type DateFieldProps = {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  name?: string;
  /** YYYY-MM-DD (or the unfinished text) as the form keeps it. */
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  autoComplete?: string;
};

/**
 * A calendar date typed as ДД.ММ.ГГГГ with a digit keyboard, whatever the browser's language (a
 * native date input shows «mm/dd/yyyy» in an English browser); on a phone this is quicker than
 * scrolling a date picker back decades. The form gets YYYY-MM-DD; web-kit's `dateError`
 * names what is wrong with it.
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

type FormDateFieldProps<T extends FieldValues, R> = {
  control: Control<T, unknown, R>;
  name: Path<T>;
  label: string;
  autoComplete?: string;
};

/** A {@link DateField} bound to a react-hook-form field, its error the form's. */
export function FormDateField<T extends FieldValues, R>({
  control,
  name,
  label,
  autoComplete,
}: FormDateFieldProps<T, R>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <DateField
      label={label}
      error={fieldState.error?.message}
      name={field.name}
      value={typeof field.value === 'string' ? field.value : undefined}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      {...(autoComplete ? { autoComplete } : {})}
    />
  );
}
