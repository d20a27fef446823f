import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRequestLoginLink, useRequestPasswordReset } from '../api/sign-in';
import { PhoneForm } from './phone-form';

type EmailLinkRequestProps = { initialPhone: string; onPhone: (phone: string) => void };

/**
 * «Забыли пароль?»: the phone → a reset link to the client's e-mail. The server answers the same
 * for every phone (no account enumeration), so the notice says «if».
 */
export function PasswordResetRequest({ initialPhone, onPhone }: EmailLinkRequestProps) {
  const { t } = useTranslation('accounts');
  const request = useRequestPasswordReset();
  const [sent, setSent] = useState(false);
  if (sent) return <SentNotice text={t('reset.sent')} />;
  const submit = async (phone: string) => {
    onPhone(phone);
    await request.mutateAsync(phone);
    setSent(true);
  };
  return (
    <>
      <p className="accounts-lead">{t('reset.lead')}</p>
      <PhoneForm
        autoFocus
        initialPhone={initialPhone}
        submitLabel={t('reset.submit')}
        onSubmit={submit}
      />
    </>
  );
}

/** «Войти по ссылке из письма»: the phone → a one-time sign-in link to the client's e-mail. */
export function LoginLinkRequest({ initialPhone, onPhone }: EmailLinkRequestProps) {
  const { t } = useTranslation('accounts');
  const request = useRequestLoginLink();
  const [sent, setSent] = useState(false);
  if (sent) return <SentNotice text={t('loginLink.sentTo')} />;
  const submit = async (phone: string) => {
    onPhone(phone);
    await request.mutateAsync(phone);
    setSent(true);
  };
  return (
    <>
      <p className="accounts-lead">{t('loginLink.lead')}</p>
      <PhoneForm
        initialPhone={initialPhone}
        submitLabel={t('loginLink.submit')}
        onSubmit={submit}
      />
    </>
  );
}

function SentNotice({ text }: { text: string }) {
  return (
    <p className="accounts-notice accounts-notice--success" role="status">
      {text}
    </p>
  );
}
