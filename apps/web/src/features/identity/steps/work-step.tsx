import { Controller, FormProvider, useForm, type DefaultValues } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  EMPLOYER_REQUIRED_FOR,
  EMPLOYMENT_TYPES,
  workStepSchema,
  type EmailSuggestion,
  type WorkStep,
} from '@zaymo/contract';
import { emailSource } from '@/components/suggest/sources';
import { SuggestField } from '@/components/suggest/suggest-field';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useSaveStep } from '../api/identity';
import { EmployerField } from '../components/employer-field';
import { IncomeConfirmationField } from '../components/income-confirmation-field';
import { StepForm } from '../components/step-form';
import { formatIncome, incomeDigits, wholeRoubles } from '../lib/masks';
import { showServerErrors } from '@/lib/server-errors';
import type { StepProps } from './types';

const FIELDS = [
  'employment_type',
  'employer_name',
  'employer_inn',
  'position',
  'monthly_income',
  'income_confirmation',
  'email',
] as const;

type WorkValues = z.input<typeof workStepSchema>;

function defaultsOf(saved: WorkStep | null): DefaultValues<WorkValues> {
  if (!saved) {
    return {
      employer_name: '',
      employer_inn: null,
      position: '',
      monthly_income: '',
      income_confirmation: 'none',
      email: '',
    };
  }
  return {
    income_confirmation: 'none',
    ...saved,
    monthly_income: wholeRoubles(saved.monthly_income),
  };
}

/** Step 4: employment, employer (with ИНН from the suggestion), position, income, e-mail. */
export function WorkStepForm({ saved, onSaved, onBack }: StepProps<WorkStep>) {
  const { t } = useTranslation('identity');
  const save = useSaveStep();
  const form = useForm<WorkValues, unknown, WorkStep>({
    resolver: zodResolver(workStepSchema),
    defaultValues: defaultsOf(saved),
  });
  const { errors, isSubmitting } = form.formState;
  const employmentType = form.watch('employment_type');
  const namesEmployer = EMPLOYER_REQUIRED_FOR.includes(employmentType);
  const submit = form.handleSubmit(async (step) => {
    const body = namesEmployer
      ? { ...step, employer_name: step.employer_name || null, position: step.position || null }
      : { ...step, employer_name: null, employer_inn: null, position: null };
    try {
      onSaved(4, await save.mutateAsync({ step: 4, body }));
    } catch (error) {
      showServerErrors(error, form.setError, FIELDS);
    }
  });
  return (
    <FormProvider {...form}>
      <StepForm onSubmit={(event) => void submit(event)} busy={isSubmitting} onBack={onBack}>
        <Field label={t('work.employmentType')} error={errors.employment_type?.message}>
          {(control) => (
            <select
              {...control}
              {...form.register('employment_type')}
              className="ui-input identity-select"
              defaultValue=""
            >
              <option value="" disabled>
                {t('work.choose')}
              </option>
              {EMPLOYMENT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`work.types.${type}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        {namesEmployer && (
          <div className="identity-grid identity-grid--2">
            <EmployerField />
            <Field label={t('work.position')} error={errors.position?.message}>
              {(control) => (
                <Input
                  {...control}
                  {...form.register('position')}
                  autoComplete="organization-title"
                />
              )}
            </Field>
          </div>
        )}
        <div className="identity-grid identity-grid--2">
          <Controller
            control={form.control}
            name="monthly_income"
            render={({ field, fieldState }) => (
              <Field
                label={t('work.income')}
                hint={t('work.incomeHint')}
                error={fieldState.error?.message}
              >
                {(control) => (
                  <Input
                    {...control}
                    ref={field.ref}
                    name={field.name}
                    value={formatIncome(field.value)}
                    onChange={(event) => field.onChange(incomeDigits(event.target.value))}
                    onBlur={field.onBlur}
                    inputMode="numeric"
                    placeholder="45 000"
                  />
                )}
              </Field>
            )}
          />
          <Controller
            control={form.control}
            name="email"
            render={({ field, fieldState }) => (
              <SuggestField
                label={t('work.email')}
                error={fieldState.error?.message}
                name={field.name}
                value={field.value}
                onValueChange={field.onChange}
                onSelect={(suggestion: EmailSuggestion) => field.onChange(suggestion.value)}
                onBlur={field.onBlur}
                inputRef={field.ref}
                source={emailSource}
                type="email"
                inputMode="email"
                autoComplete="email"
                autoCapitalize="none"
                spellCheck={false}
                placeholder="ivanov@mail.ru"
              />
            )}
          />
        </div>
        <IncomeConfirmationField />
      </StepForm>
    </FormProvider>
  );
}
