import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { smsCodeSchema } from '@zaymo/contract';
import { Button } from '@/components/ui/button';
import { notify } from '@/stores/notifications';
import { useResetPasswordBySms } from '../api/profile';
import { useGuestCodeSender } from '../hooks/use-code-sender';
import { usePasswordPolicy } from '../hooks/use-password-policy';
import { passwordSchemaFor, repeatMatches, repeatMismatch } from '../lib/password-schema';
import { showServerErrors } from '../lib/server-errors';
import { FormFieldset } from './auth-card';
import { CodeField } from './code-field';
import { CodeSentTo } from './code-sent-to';
import { NewPasswordFields } from './new-password-fields';
import { PhoneForm } from './phone-form';
import { ResendCode } from './resend-code';

type ResetBySmsProps = {
  initialPhone: string;
  onPhone: (phone: string) => void;
  /** The password is changed: back to sign-in with it. */
  onDone: () => void;
};

type Sent = { phone: string; resendAfter: number };

/** A new password with a code of purpose reset (POST /clients/reset_by_sms): no e-mail needed. */
export function ResetBySms({ initialPhone, onPhone, onDone }: ResetBySmsProps) {
  const { t } = useTranslation('accounts');
  const { send, resend } = useGuestCodeSender('reset');
  const [sent, setSent] = useState<Sent | null>(null);
  if (!sent) {
    const sendCode = async (phone: string) => {
      onPhone(phone);
      setSent({ phone, resendAfter: (await send.mutateAsync(phone)).resendAfter });
    };
    return (
      <>
        <p className="accounts-lead">{t('resetSms.lead')}</p>
        <PhoneForm
          autoFocus
          initialPhone={initialPhone}
          submitLabel={t('code.get')}
          onSubmit={sendCode}
        />
      </>
    );
  }
  return (
    <NewPasswordByCode
      {...sent}
      resend={() => resend(sent.phone)}
      onChangePhone={() => setSent(null)}
      onDone={onDone}
    />
  );
}

type NewPasswordByCodeProps = Sent & {
  resend: () => Promise<number>;
  onChangePhone: () => void;
  onDone: () => void;
};

function NewPasswordByCode({
  phone,
  resendAfter,
  resend,
  onChangePhone,
  onDone,
}: NewPasswordByCodeProps) {
  const { t } = useTranslation('accounts');
  const { policy } = usePasswordPolicy();
  const schema = useMemo(
    () =>
      z
        .object({ code: smsCodeSchema, password: passwordSchemaFor(policy), repeat: z.string() })
        .refine(repeatMatches, repeatMismatch()),
    [policy],
  );
  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: { code: '', password: '', repeat: '' },
  });
  const reset = useResetPasswordBySms();
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async ({ code, password }) => {
    try {
      await reset.mutateAsync({ phone, code, password });
      notify({ message: t('reset.done'), type: 'success' });
      onDone();
    } catch (error) {
      showServerErrors(error, form.setError, {
        fields: ['code', 'password'],
        fallbackField: 'code',
      });
    }
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <FormFieldset busy={isSubmitting}>
        <CodeSentTo phone={phone} onChangePhone={onChangePhone} />
        <CodeField registration={form.register('code')} error={errors.code?.message} />
        <ResendCode initialSeconds={resendAfter} onResend={resend} />
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
