import { FormProvider, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { GENDERS, personalStepSchema, type PersonalStep } from '@zaymo/contract';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useSaveStep } from '../api/identity';
import { FormDateField } from '@/components/ui/date-field';
import { FioField } from '../components/fio-field';
import { moveOn, StepForm } from '../components/step-form';
import { showServerErrors } from '@/lib/server-errors';
import type { LockableStepProps } from './types';

const FIELDS = [
  'surname',
  'name',
  'patronymic',
  'no_patronymic',
  'gender',
  'birth_date',
  'birth_place',
] as const;

const EMPTY = {
  surname: '',
  name: '',
  patronymic: '',
  no_patronymic: false,
  birth_place: '',
};

/** Step 1: the name with suggestions, gender, date and place of birth. */
export function PersonalStepForm({
  saved,
  locked = false,
  onSaved,
  onBack,
  onNext,
}: LockableStepProps<PersonalStep>) {
  const { t } = useTranslation('identity');
  const save = useSaveStep();
  const form = useForm({
    resolver: zodResolver(personalStepSchema),
    defaultValues: saved ?? EMPTY,
  });
  const { errors, isSubmitting } = form.formState;
  const noPatronymic = form.watch('no_patronymic');
  const submit = form.handleSubmit(async (body) => {
    try {
      onSaved(1, await save.mutateAsync({ step: 1, body }));
    } catch (error) {
      showServerErrors(error, form.setError, FIELDS);
    }
  });
  return (
    <FormProvider {...form}>
      <StepForm
        onSubmit={(event) => (locked ? moveOn(event, onNext) : void submit(event))}
        readOnly={locked}
        busy={isSubmitting}
        onBack={onBack}
      >
        <p className="identity-lead">{t('personal.lead')}</p>
        <div className="identity-grid identity-grid--3">
          <FioField name="surname" label={t('personal.surname')} />
          <FioField name="name" label={t('personal.name')} />
          <div className="identity-stack">
            <FioField name="patronymic" label={t('personal.patronymic')} disabled={noPatronymic} />
            <label className="identity-check">
              <input
                type="checkbox"
                checked={noPatronymic}
                onChange={(event) => {
                  form.setValue('no_patronymic', event.target.checked);
                  form.setValue('patronymic', event.target.checked ? null : '');
                  form.clearErrors('patronymic');
                }}
              />
              <span>{t('personal.noPatronymic')}</span>
            </label>
          </div>
        </div>
        <fieldset className="identity-choice" aria-describedby={errors.gender && 'gender-error'}>
          <legend className="identity-choice__legend">{t('personal.gender')}</legend>
          <div className="identity-choice__options">
            {GENDERS.map((gender) => (
              <label key={gender} className="identity-radio">
                <input type="radio" value={gender} {...form.register('gender')} />
                <span>{t(gender === 'MALE' ? 'personal.male' : 'personal.female')}</span>
              </label>
            ))}
          </div>
          {errors.gender && (
            <p id="gender-error" className="ui-field__error" role="alert">
              {errors.gender.message}
            </p>
          )}
        </fieldset>
        <div className="identity-grid identity-grid--2">
          <FormDateField
            control={form.control}
            name="birth_date"
            label={t('personal.birthDate')}
            autoComplete="bday"
          />
          <Field
            label={t('personal.birthPlace')}
            hint={t('personal.birthPlaceHint')}
            error={errors.birth_place?.message}
          >
            {(control) => <Input {...control} {...form.register('birth_place')} />}
          </Field>
        </div>
      </StepForm>
    </FormProvider>
  );
}
