import { FormProvider, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { addressesStepSchema, type AddressesStep } from '@zaymo/contract';
import { useSaveStep } from '../api/identity';
import { AddressField } from '../components/address-field';
import { moveOn, StepForm } from '../components/step-form';
import { addressForRequest, addressToDraft, emptyAddress } from '../lib/address';
import { showServerErrors } from '@/lib/server-errors';
import type { LockableStepProps } from './types';

const FIELDS = [
  'registration.value',
  'registration.house',
  'registration.flat',
  'residence',
  'residence.value',
  'residence.house',
  'residence.flat',
] as const;

function defaultsOf(saved: AddressesStep | null) {
  if (!saved) return { registration: emptyAddress(), residence_same: true, residence: null };
  return {
    registration: addressToDraft(saved.registration),
    residence_same: saved.residence_same,
    residence: saved.residence ? addressToDraft(saved.residence) : null,
  };
}

/** Step 3: the registration address and, when it differs, where the client lives. */
export function AddressesStepForm({
  saved,
  locked = false,
  onSaved,
  onBack,
  onNext,
}: LockableStepProps<AddressesStep>) {
  const { t } = useTranslation('identity');
  const save = useSaveStep();
  const form = useForm({
    resolver: zodResolver(addressesStepSchema),
    defaultValues: defaultsOf(saved),
  });
  const same = form.watch('residence_same');
  const submit = form.handleSubmit(async (step) => {
    const body = {
      ...step,
      registration: addressForRequest(step.registration),
      residence: step.residence && addressForRequest(step.residence),
    };
    try {
      onSaved(3, await save.mutateAsync({ step: 3, body }));
    } catch (error) {
      showServerErrors(error, form.setError, FIELDS);
    }
  });
  return (
    <FormProvider {...form}>
      <StepForm
        onSubmit={(event) => (locked ? moveOn(event, onNext) : void submit(event))}
        readOnly={locked}
        busy={form.formState.isSubmitting}
        onBack={onBack}
      >
        <AddressField
          name="registration"
          label={t('addresses.registration')}
          hint={t('addresses.registrationHint')}
        />
        <label className="identity-check">
          <input
            type="checkbox"
            checked={same}
            onChange={(event) => {
              form.setValue('residence_same', event.target.checked);
              form.setValue('residence', event.target.checked ? null : emptyAddress());
              form.clearErrors('residence');
            }}
          />
          <span>{t('addresses.sameAsRegistration')}</span>
        </label>
        {!same && <AddressField name="residence" label={t('addresses.residence')} />}
      </StepForm>
    </FormProvider>
  );
}
