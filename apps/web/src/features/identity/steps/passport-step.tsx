import type { FormEvent } from 'react';
import { Controller, useForm, type DefaultValues } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  PASSPORT_MASK,
  passportStepSchema,
  type FmsUnitSuggestion,
  type PassportStep,
} from '@zaymo/contract';
import { fmsUnitSource } from '@/components/suggest/sources';
import { SuggestField } from '@/components/suggest/suggest-field';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useSaveStep } from '../api/identity';
import { FormDateField } from '@/components/ui/date-field';
import { StepForm } from '../components/step-form';
import { useMaskedRef } from '@zaymo/web-kit';
import { formatDivisionCode, formatPassport } from '../lib/masks';
import { showServerErrors } from '@/lib/server-errors';
import type { StepProps } from './types';

const FIELDS = ['series_number', 'issue_date', 'division_code', 'issued_by'] as const;

type PassportValues = z.input<typeof passportStepSchema>;

function defaultsOf(saved: PassportStep | null): DefaultValues<PassportValues> {
  if (!saved) return { series_number: '', division_code: '', issued_by: '' };
  return { ...saved, series_number: formatPassport(saved.series_number) };
}

type PassportStepProps = StepProps<PassportStep> & {
  /** An order exists: the passport is shown read-only and «Продолжить» only moves on. */
  locked: boolean;
  onNext: () => void;
};

/** Step 2: series and number, issue date, division code with the issuing office suggested. */
export function PassportStepForm({ saved, locked, onSaved, onBack, onNext }: PassportStepProps) {
  const { t } = useTranslation('identity');
  const save = useSaveStep();
  const form = useForm<PassportValues, unknown, PassportStep>({
    resolver: zodResolver(passportStepSchema),
    defaultValues: defaultsOf(saved),
  });
  const { errors, isSubmitting } = form.formState;
  const seriesNumber = form.register('series_number');
  const seriesRef = useMaskedRef(PASSPORT_MASK, seriesNumber.ref);
  const chooseUnit = (unit: FmsUnitSuggestion) => {
    const validate = { shouldValidate: form.formState.isSubmitted };
    form.setValue('division_code', formatDivisionCode(unit.data.code), validate);
    form.setValue('issued_by', unit.data.name || unit.value, validate);
  };
  const submit = form.handleSubmit(async (body) => {
    try {
      onSaved(2, await save.mutateAsync({ step: 2, body }));
    } catch (error) {
      showServerErrors(error, form.setError, FIELDS);
    }
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!locked) return void submit(event);
    event.preventDefault();
    onNext();
  };
  return (
    <StepForm onSubmit={onSubmit} busy={isSubmitting} onBack={onBack} readOnly={locked}>
      {locked ? (
        <p className="identity-note identity-note--warning">{t('passport.locked')}</p>
      ) : (
        <p className="identity-lead">{t('passport.lead')}</p>
      )}
      <div className="identity-grid identity-grid--2">
        <Field label={t('passport.seriesNumber')} error={errors.series_number?.message}>
          {(control) => (
            <Input
              {...control}
              {...seriesNumber}
              ref={seriesRef}
              inputMode="numeric"
              placeholder="45 06 123456"
            />
          )}
        </Field>
        <FormDateField control={form.control} name="issue_date" label={t('passport.issueDate')} />
      </div>
      <Controller
        control={form.control}
        name="division_code"
        render={({ field, fieldState }) => (
          <SuggestField
            label={t('passport.divisionCode')}
            hint={t('passport.divisionCodeHint')}
            error={fieldState.error?.message}
            name={field.name}
            value={field.value}
            onValueChange={(text) => field.onChange(formatDivisionCode(text))}
            onSelect={chooseUnit}
            onBlur={field.onBlur}
            inputRef={field.ref}
            source={fmsUnitSource}
            renderOption={renderUnit}
            minQueryLength={3}
            inputMode="numeric"
            placeholder="772-001"
            className="identity-input--short"
          />
        )}
      />
      <Field label={t('passport.issuedBy')} error={errors.issued_by?.message}>
        {(control) => (
          <textarea
            {...control}
            {...form.register('issued_by')}
            className="ui-input identity-textarea"
            rows={2}
          />
        )}
      </Field>
    </StepForm>
  );
}

function renderUnit(unit: FmsUnitSuggestion) {
  return (
    <>
      <span>{unit.data.code}</span>
      <span className="suggest__hint">{unit.data.name}</span>
    </>
  );
}
