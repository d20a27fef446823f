import { useTranslation } from 'react-i18next';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { PasswordSettings } from '@zaymo/contract';
import { NewPasswordField } from './new-password-field';
import { PasswordField } from './password-field';

type NewPasswordFieldsProps = {
  password: UseFormRegisterReturn;
  repeat: UseFormRegisterReturn;
  errors: { password?: string | undefined; repeat?: string | undefined };
  policy: PasswordSettings;
  /** The phone the password must not resemble; the session's when not given. */
  phone?: string | undefined;
};

/** «Новый пароль» with the policy and the strength meter under it, and «Повторите пароль». */
export function NewPasswordFields({
  password,
  repeat,
  errors,
  policy,
  phone,
}: NewPasswordFieldsProps) {
  const { t } = useTranslation('accounts');
  return (
    <>
      <NewPasswordField
        label={t('fields.newPassword')}
        registration={password}
        error={errors.password}
        policy={policy}
        phone={phone}
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
