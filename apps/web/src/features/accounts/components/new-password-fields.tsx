import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { PasswordSettings } from '@zaymo/contract';
import { PasswordField } from './password-field';
import { PasswordStrengthMeter } from './password-strength-meter';

type NewPasswordFieldsProps = {
  password: UseFormRegisterReturn;
  repeat: UseFormRegisterReturn;
  errors: { password?: string | undefined; repeat?: string | undefined };
  policy: PasswordSettings;
};

/** «Новый пароль» with the policy and the strength meter under it, and «Повторите пароль». */
export function NewPasswordFields({ password, repeat, errors, policy }: NewPasswordFieldsProps) {
  const { t } = useTranslation('accounts');
  const [typed, setTyped] = useState('');
  const tracked: UseFormRegisterReturn = {
    ...password,
    onChange: (event: { target: { value: string } }) => {
      setTyped(event.target.value);
      return password.onChange(event);
    },
  };
  return (
    <>
      <PasswordField
        label={t('fields.newPassword')}
        registration={tracked}
        error={errors.password}
        autoComplete="new-password"
        policy={policy}
      />
      <PasswordStrengthMeter password={typed} />
      <PasswordField
        label={t('fields.repeatPassword')}
        registration={repeat}
        error={errors.repeat}
        autoComplete="new-password"
      />
    </>
  );
}
