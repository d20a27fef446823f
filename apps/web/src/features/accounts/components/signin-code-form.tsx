import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoginWithCode } from '../api/sign-in';
import { useGuestCodeSender } from '../hooks/use-code-sender';
import { CodeEntryForm } from './code-entry-form';
import { PhoneForm } from './phone-form';

type SigninCodeFormProps = {
  initialPhone: string;
  next: string | null;
  onPhone: (phone: string) => void;
};

type Sent = { phone: string; resendAfter: number };

/** Sign-in by SMS: the phone → a code of purpose signin → PATCH /clients/verify_phone. */
export function SigninCodeForm({ initialPhone, next, onPhone }: SigninCodeFormProps) {
  const { t } = useTranslation('accounts');
  const { send, resend } = useGuestCodeSender('signin');
  const login = useLoginWithCode(next);
  const [sent, setSent] = useState<Sent | null>(null);
  if (!sent) {
    const sendCode = async (phone: string) => {
      onPhone(phone);
      const { resendAfter } = await send.mutateAsync(phone);
      setSent({ phone, resendAfter });
    };
    return (
      <PhoneForm initialPhone={initialPhone} submitLabel={t('code.get')} onSubmit={sendCode} />
    );
  }
  return (
    <CodeEntryForm
      phone={sent.phone}
      resendAfter={sent.resendAfter}
      onResend={() => resend(sent.phone)}
      onSubmit={async (code) => {
        await login.mutateAsync({ phone: sent.phone, code });
      }}
      submitLabel={t('signin.submit')}
      onChangePhone={() => setSent(null)}
    />
  );
}
