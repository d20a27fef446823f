import { useTranslation } from 'react-i18next';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { SMS_CODE_LENGTH } from '@zaymo/contract';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';

type CodeFieldProps = {
  registration: UseFormRegisterReturn;
  error?: string | undefined;
  hint?: string | undefined;
};

/** The 6-digit SMS code in one field: digits keyboard, filled from the SMS by the phone. */
export function CodeField({ registration, error, hint }: CodeFieldProps) {
  const { t } = useTranslation('accounts');
  return (
    <Field label={t('fields.code')} error={error} hint={hint}>
      {(control) => (
        <Input
          {...control}
          {...registration}
          className="accounts-code-input"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={SMS_CODE_LENGTH}
          placeholder={'•'.repeat(SMS_CODE_LENGTH)}
          autoFocus
        />
      )}
    </Field>
  );
}
