import { useTranslation } from 'react-i18next';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PHONE_MASK } from '@/lib/input-mask';
import { useMaskedRef } from '@zaymo/web-kit';

type PhoneFieldProps = {
  registration: UseFormRegisterReturn;
  error?: string | undefined;
  label?: string | undefined;
  autoFocus?: boolean | undefined;
};

/** A Russian mobile number typed into «+7 (999) 999-99-99»; the form normalises it on submit. */
export function PhoneField({ registration, error, label, autoFocus }: PhoneFieldProps) {
  const { t } = useTranslation('accounts');
  const ref = useMaskedRef(PHONE_MASK, registration.ref);
  return (
    <Field label={label ?? t('fields.phone')} error={error}>
      {(control) => (
        <Input
          {...control}
          {...registration}
          ref={ref}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder={t('fields.phonePlaceholder')}
          autoFocus={autoFocus}
        />
      )}
    </Field>
  );
}
