import { useController, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { PartySuggestion, workStepSchema } from '@zaymo/contract';
import { partySource } from '@/components/suggest/sources';
import { SuggestField } from '@/components/suggest/suggest-field';

type WorkValues = z.input<typeof workStepSchema>;

/** The employer with company suggestions: choosing one fills its ИНН, typing forgets it. */
export function EmployerField() {
  const { t } = useTranslation('identity');
  const { control, setValue, watch } = useFormContext<WorkValues>();
  const { field, fieldState } = useController({ control, name: 'employer_name' });
  const inn = watch('employer_inn');
  const innError = useController({ control, name: 'employer_inn' }).fieldState.error?.message;
  const choose = (party: PartySuggestion) => {
    field.onChange(party.value);
    setValue('employer_inn', party.data.inn);
  };
  return (
    <SuggestField
      label={t('work.employer')}
      hint={inn ? t('work.inn', { inn }) : t('work.employerHint')}
      error={fieldState.error?.message ?? innError}
      name={field.name}
      value={field.value ?? ''}
      onValueChange={(text) => {
        field.onChange(text);
        setValue('employer_inn', null);
      }}
      onSelect={choose}
      onBlur={field.onBlur}
      inputRef={field.ref}
      source={partySource}
      renderOption={renderParty}
      minQueryLength={2}
      autoComplete="organization"
    />
  );
}

function renderParty(party: PartySuggestion) {
  return <PartyOption party={party} />;
}

function PartyOption({ party }: { party: PartySuggestion }) {
  const { t } = useTranslation('identity');
  const details = [t('work.inn', { inn: party.data.inn }), party.data.address?.value];
  return (
    <>
      <span>{party.value}</span>
      <span className="suggest__hint">{details.filter(Boolean).join(' · ')}</span>
    </>
  );
}
