import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { smsCodeSchema } from '@zaymo/contract';
import { Button } from '@/components/ui/button';
import { useResetEmailHint } from '../api/profile';
import { useGuestCodeSender } from '../hooks/use-code-sender';
import { showServerErrors } from '../lib/server-errors';
import { FormFieldset } from './auth-card';
import { CodeField } from './code-field';
import { CodeSentTo } from './code-sent-to';
import { PhoneForm } from './phone-form';
import { ResendCode } from './resend-code';
import { ResetChoice, type ProvenCode } from './reset-choice';

type ResetBySmsProps = {
  initialPhone: string;
  onPhone: (phone: string) => void;
  /** The password is changed: back to sign-in with it. */
  onDone: () => void;
};

type Sent = { phone: string; resendAfter: number };

/**
 * A new password with a code of purpose reset: the phone, the code (it proves the phone), then a
 * new password (POST /clients/reset_by_sms) or, when the phone has a confirmed e-mail, the reset
 * link sent there (the masked address is named only after the code).
 */
export function ResetBySms({ initialPhone, onPhone, onDone }: ResetBySmsProps) {
  const { t } = useTranslation('accounts');
  const { send, resend } = useGuestCodeSender('reset');
  const [sent, setSent] = useState<Sent | null>(null);
  const [proven, setProven] = useState<ProvenCode | null>(null);
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
  if (proven) return <ResetChoice phone={sent.phone} {...proven} onDone={onDone} />;
  return (
    <ResetCodeForm
      {...sent}
      resend={() => resend(sent.phone)}
      onChangePhone={() => setSent(null)}
      onProven={setProven}
    />
  );
}

type ResetCodeFormProps = Sent & {
  resend: () => Promise<number>;
  onChangePhone: () => void;
  onProven: (proven: ProvenCode) => void;
};

/** The reset code first: once it proves the phone, the client chooses what to do with it. */
function ResetCodeForm({
  phone,
  resendAfter,
  resend,
  onChangePhone,
  onProven,
}: ResetCodeFormProps) {
  const { t } = useTranslation('accounts');
  const form = useForm({
    resolver: zodResolver(z.object({ code: smsCodeSchema })),
    defaultValues: { code: '' },
  });
  const check = useResetEmailHint();
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async ({ code }) => {
    try {
      onProven({ code, emailHint: await check.mutateAsync({ phone, code }) });
    } catch (error) {
      showServerErrors(error, form.setError, { fields: ['code'], fallbackField: 'code' });
    }
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <FormFieldset busy={isSubmitting}>
        <CodeSentTo phone={phone} onChangePhone={onChangePhone} />
        <CodeField registration={form.register('code')} error={errors.code?.message} />
        <ResendCode initialSeconds={resendAfter} onResend={resend} />
        <Button type="submit" loading={isSubmitting}>
          {t('resetSms.check')}
        </Button>
      </FormFieldset>
    </form>
  );
}
