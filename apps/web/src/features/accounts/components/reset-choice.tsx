import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { showErrorNotice } from '@/lib/error-notice';
import { notify } from '@/stores/notifications';
import { useResetLinkByCode, useResetPasswordBySms } from '../api/profile';
import { usePasswordPolicy } from '../hooks/use-password-policy';
import { passwordSchemaFor, repeatMatches, repeatMismatch } from '../lib/password-schema';
import { showServerErrors } from '../lib/server-errors';
import { FormFieldset } from './auth-card';
import { NewPasswordFields } from './new-password-fields';

/** A reset code the server has checked, and the masked e-mail it named (null: none). */
export type ProvenCode = { code: string; emailHint: string | null };

type ResetChoiceProps = ProvenCode & {
  phone: string;
  /** The password is changed: back to sign-in with it. */
  onDone: () => void;
};

/** After the code: a new password here, or the reset link to «iv***@mail.ru». */
export function ResetChoice({ phone, code, emailHint, onDone }: ResetChoiceProps) {
  const [linkSent, setLinkSent] = useState<string | null>(null);
  if (linkSent) {
    return (
      <p className="accounts-notice accounts-notice--success" role="status">
        {linkSent}
      </p>
    );
  }
  return (
    <>
      <NewPasswordForm phone={phone} code={code} onDone={onDone} />
      {emailHint && (
        <LinkInstead phone={phone} code={code} emailHint={emailHint} onSent={setLinkSent} />
      )}
    </>
  );
}

type NewPasswordFormProps = { phone: string; code: string; onDone: () => void };

function NewPasswordForm({ phone, code, onDone }: NewPasswordFormProps) {
  const { t } = useTranslation('accounts');
  const { policy } = usePasswordPolicy();
  const schema = useMemo(
    () =>
      z
        .object({ password: passwordSchemaFor(policy), repeat: z.string() })
        .refine(repeatMatches, repeatMismatch()),
    [policy],
  );
  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: { password: '', repeat: '' },
  });
  const reset = useResetPasswordBySms();
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async ({ password }) => {
    try {
      await reset.mutateAsync({ phone, code, password });
      notify({ message: t('reset.done'), type: 'success' });
      onDone();
    } catch (error) {
      showServerErrors(error, form.setError, { fields: ['password'] });
    }
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <FormFieldset busy={isSubmitting}>
        <p className="accounts-lead" role="status">
          {t('resetSms.proven')}
        </p>
        <NewPasswordFields
          password={form.register('password')}
          repeat={form.register('repeat')}
          errors={{ password: errors.password?.message, repeat: errors.repeat?.message }}
          policy={policy}
          phone={phone}
        />
        <Button type="submit" loading={isSubmitting}>
          {t('reset.save')}
        </Button>
      </FormFieldset>
    </form>
  );
}

type LinkInsteadProps = {
  phone: string;
  code: string;
  emailHint: string;
  onSent: (message: string) => void;
};

function LinkInstead({ phone, code, emailHint, onSent }: LinkInsteadProps) {
  const { t } = useTranslation('accounts');
  const send = useResetLinkByCode();
  const onClick = () =>
    send.mutate({ phone, code }, { onSuccess: onSent, onError: (error) => showErrorNotice(error) });
  return (
    <div className="accounts-recovery__alternative">
      <p className="ui-field__hint">{t('resetSms.orEmail')}</p>
      <Button variant="secondary" loading={send.isPending} onClick={onClick}>
        {t('resetSms.sendLink', { email: emailHint })}
      </Button>
    </div>
  );
}
