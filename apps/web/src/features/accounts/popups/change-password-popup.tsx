import { useMemo } from 'react';
import i18next from 'i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { Client, PasswordSettings } from '@zaymo/contract';
import { Button } from '@/components/ui/button';
import type { PopupContentProps } from '@/components/popup/types';
import { notify } from '@/stores/notifications';
import { useChangePassword, type PasswordChange } from '../api/profile';
import { FormFieldset } from '../components/auth-card';
import { LoadError } from '../components/load-error';
import { NewPasswordFields } from '../components/new-password-fields';
import { PasswordField } from '../components/password-field';
import { PopupNotice } from '../components/popup-notice';
import { usePasswordPolicy } from '../hooks/use-password-policy';
import { usePopupClient } from '../hooks/use-popup-client';
import { passwordSchemaFor, repeatMatches, repeatMismatch } from '../lib/password-schema';
import { showServerErrors } from '../lib/server-errors';
import '../accounts.css';

/** The current password (when there is one) and a new one with the policy. */
export function ChangePasswordPopup({ onReady, onClose, titleId }: PopupContentProps) {
  const { t } = useTranslation(['popups', 'accounts']);
  const { policy, settled } = usePasswordPolicy();
  const { signedIn, client } = usePopupClient(onReady, settled);
  return (
    <div className="accounts-popup">
      <h2 id={titleId} className="popup__title">
        {t('popups:titles.changePassword')}
      </h2>
      {!signedIn && <PopupNotice onClose={onClose}>{t('accounts:popup.signInFirst')}</PopupNotice>}
      {client.isError && <LoadError onRetry={() => void client.refetch()} />}
      {client.data && <ChangePasswordForm client={client.data} policy={policy} onDone={onClose} />}
    </div>
  );
}

type FormProps = { client: Client; policy: PasswordSettings; onDone: () => void };

function ChangePasswordForm({ client, policy, onDone }: FormProps) {
  const { t } = useTranslation('accounts');
  const schema = useMemo(() => changePasswordSchema(policy, client.has_password), [policy, client]);
  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: { current_password: '', password: '', repeat: '' },
  });
  const changePassword = useChangePassword();
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async ({ current_password, password }) => {
    const body: PasswordChange = { password };
    if (client.has_password) body.current_password = current_password;
    try {
      await changePassword.mutateAsync(body);
      notify({ message: t('password.changed'), type: 'success' });
      onDone();
    } catch (error) {
      showServerErrors(error, form.setError, {
        fields: ['current_password', 'password'],
        fallbackField: client.has_password ? 'current_password' : 'password',
      });
    }
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <FormFieldset busy={isSubmitting}>
        {client.has_password ? (
          <PasswordField
            label={t('fields.currentPassword')}
            registration={form.register('current_password')}
            error={errors.current_password?.message}
            autoComplete="current-password"
          />
        ) : (
          <p className="accounts-lead">{t('password.noneYet')}</p>
        )}
        <NewPasswordFields
          password={form.register('password')}
          repeat={form.register('repeat')}
          errors={{ password: errors.password?.message, repeat: errors.repeat?.message }}
          policy={policy}
        />
        <Button type="submit" loading={isSubmitting}>
          {t('password.save')}
        </Button>
      </FormFieldset>
    </form>
  );
}

function changePasswordSchema(policy: PasswordSettings, hasPassword: boolean) {
  const current = z.string();
  return z
    .object({
      current_password: hasPassword
        ? current.min(1, i18next.t('accounts:password.currentRequired'))
        : current,
      password: passwordSchemaFor(policy),
      repeat: z.string(),
    })
    .refine(repeatMatches, repeatMismatch());
}
