import { useTranslation } from 'react-i18next';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { PasswordSettings } from '@zaymo/contract';
import { PasswordField } from './password-field';

type NewPasswordFieldsProps = {
  password: UseFormRegisterReturn;
  repeat: UseFormRegisterReturn;
  errors: { password?: string | undefined; repeat?: string | undefined };
  policy: PasswordSettings;
};

/** «Новый пароль» with the policy under it, and «Повторите пароль». */
export function NewPasswordFields({ password, repeat, errors, policy }: NewPasswordFieldsProps) {
  const { t } = useTranslation('accounts');
  return (
    <>
      <PasswordField
        label={t('fields.newPassword')}
        registration={password}
        error={errors.password}
        autoComplete="new-password"
        policy={policy}
      />
      <PasswordField
        label={t('fields.repeatPassword')}
        registration={repeat}
        error={errors.repeat}
        autoComplete="new-password"
      />
    </>
  );
}
