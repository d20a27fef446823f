import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { emailSchema, type Client } from '@zaymo/contract';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import type { PopupContentProps } from '@/components/popup/types';
import { useSendEmailConfirmation, useUpdateEmail } from '../api/profile';
import { FormFieldset } from '../components/auth-card';
import { LoadError } from '../components/load-error';
import { PopupNotice } from '../components/popup-notice';
import { usePopupClient } from '../hooks/use-popup-client';
import { showServerErrors } from '../lib/server-errors';
import '../accounts.css';

/**
 * The client's e-mail (editable) and «Отправить письмо»: a confirmation link goes to it
 * (POST /clients/email/confirmation); the popup then says where it went.
 */
export function ConfirmEmailPopup({ onReady, onClose, titleId }: PopupContentProps) {
  const { t } = useTranslation(['popups', 'accounts']);
  const { signedIn, client } = usePopupClient(onReady);
  const [sentTo, setSentTo] = useState<string | null>(null);
  return (
    <div className="accounts-popup">
      <h2 id={titleId} className="popup__title">
        {t('popups:titles.confirmEmail')}
      </h2>
      {!signedIn && <PopupNotice onClose={onClose}>{t('accounts:popup.signInFirst')}</PopupNotice>}
      {client.isError && <LoadError onRetry={() => void client.refetch()} />}
      {sentTo !== null && (
        <PopupNotice onClose={onClose}>{t('accounts:email.sent', { email: sentTo })}</PopupNotice>
      )}
      {client.data && sentTo === null && <EmailForm client={client.data} onSent={setSentTo} />}
    </div>
  );
}

const emailFormSchema = z.object({ email: emailSchema });

function EmailForm({ client, onSent }: { client: Client; onSent: (email: string) => void }) {
  const { t } = useTranslation('accounts');
  const updateEmail = useUpdateEmail();
  const sendConfirmation = useSendEmailConfirmation();
  const form = useForm({
    resolver: zodResolver(emailFormSchema),
    defaultValues: { email: client.email ?? '' },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async ({ email }) => {
    if (email === client.email && client.email_confirmed) {
      form.setError('email', { type: 'confirmed', message: t('email.alreadyConfirmed') });
      return;
    }
    try {
      if (email !== client.email) await updateEmail.mutateAsync(email);
      onSent(await sendConfirmation.mutateAsync());
    } catch (error) {
      showServerErrors(error, form.setError, { fields: ['email'] });
    }
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <FormFieldset busy={isSubmitting}>
        <p className="accounts-lead">
          {client.email_confirmed ? t('email.confirmed') : t('email.lead')}
        </p>
        <Field label={t('fields.email')} error={errors.email?.message}>
          {(control) => (
            <Input
              {...control}
              {...form.register('email')}
              type="email"
              inputMode="email"
              autoComplete="email"
              placeholder="ivanov@mail.ru"
            />
          )}
        </Field>
        <Button type="submit" loading={isSubmitting}>
          {t('email.send')}
        </Button>
      </FormFieldset>
    </form>
  );
}
