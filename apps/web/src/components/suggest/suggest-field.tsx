import { Field } from '@/components/ui/field';
import type { Suggestion } from './sources';
import { SuggestCombobox, type SuggestComboboxProps } from './suggest-combobox';

type SuggestFieldProps<T extends Suggestion> = Omit<SuggestComboboxProps<T>, 'id'> & {
  error?: string | undefined;
  hint?: string | undefined;
};

/** A labelled suggestion combobox with its hint and error, like every other field. */
export function SuggestField<T extends Suggestion>({
  label,
  error,
  hint,
  ...combobox
}: SuggestFieldProps<T>) {
  return (
    <Field label={label} error={error} hint={hint}>
      {(control) => <SuggestCombobox {...combobox} {...control} label={label} />}
    </Field>
  );
}
