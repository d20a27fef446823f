import { useMemo } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import type { z } from 'zod';
import type { FioPart, FioSuggestion, personalStepSchema } from '@zaymo/contract';
import { fioSource } from '@/components/suggest/sources';
import { SuggestField } from '@/components/suggest/suggest-field';

type PersonalValues = z.input<typeof personalStepSchema>;
type NameField = 'surname' | 'name' | 'patronymic';

const PART_OF: Record<NameField, FioPart> = {
  surname: 'SURNAME',
  name: 'NAME',
  patronymic: 'PATRONYMIC',
};

const AUTOCOMPLETE: Record<NameField, string> = {
  surname: 'family-name',
  name: 'given-name',
  patronymic: 'additional-name',
};

type FioFieldProps = { name: NameField; label: string; disabled?: boolean };

/**
 * One part of the name with suggestions for that part (narrowed by the chosen gender). A chosen
 * suggestion that knows its gender sets the gender too.
 */
export function FioField({ name, label, disabled = false }: FioFieldProps) {
  const { control, setValue, watch, formState } = useFormContext<PersonalValues>();
  const { field, fieldState } = useController({ control, name });
  const gender = watch('gender');
  const source = useMemo(() => fioSource(PART_OF[name], gender), [name, gender]);
  const choose = (suggestion: FioSuggestion) => {
    field.onChange(suggestion.data[name] ?? suggestion.value);
    const { gender: suggested } = suggestion.data;
    if (suggested !== 'UNKNOWN') {
      setValue('gender', suggested, { shouldValidate: formState.isSubmitted });
    }
  };
  return (
    <SuggestField
      label={label}
      error={fieldState.error?.message}
      name={field.name}
      value={field.value ?? ''}
      onValueChange={field.onChange}
      onSelect={choose}
      onBlur={field.onBlur}
      inputRef={field.ref}
      source={source}
      disabled={disabled}
      autoComplete={AUTOCOMPLETE[name]}
      autoCapitalize="words"
      spellCheck={false}
    />
  );
}
