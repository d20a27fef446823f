import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { LoginLinkRequest, PasswordResetRequest } from './email-link-request';
import { ResetBySms } from './reset-by-sms';
import type { SigninMode } from './signin-tabs';

export type SigninView = SigninMode | 'reset' | 'resetSms' | 'link';
type RecoveryView = Exclude<SigninView, SigninMode>;

/** The phone typed on one view of the sign-in screen, offered on the next. */
export type PhoneMemory = { initialPhone: string; onPhone: (phone: string) => void };

const RECOVERY_TITLES = {
  reset: 'reset.title',
  resetSms: 'resetSms.title',
  link: 'loginLink.title',
} as const;

type RecoveryProps = {
  view: RecoveryView;
  memory: PhoneMemory;
  onView: (view: SigninView) => void;
};

/** «Забыли пароль?» (by e-mail or SMS) and «Войти по ссылке» of the sign-in screen. */
export function SigninRecovery({ view, memory, onView }: RecoveryProps) {
  const { t } = useTranslation('accounts');
  return (
    <section aria-labelledby="signin-view-title" className="accounts-recovery">
      <h2 id="signin-view-title" className="accounts-subtitle">
        {t(RECOVERY_TITLES[view])}
      </h2>
      {view === 'reset' && (
        <>
          <PasswordResetRequest {...memory} />
          <button type="button" className="accounts-link-button" onClick={() => onView('resetSms')}>
            {t('resetSms.offer')}
          </button>
        </>
      )}
      {view === 'resetSms' && <ResetBySms {...memory} onDone={() => onView('password')} />}
      {view === 'link' && <LoginLinkRequest {...memory} />}
      <Button variant="ghost" onClick={() => onView('password')}>
        {t('signin.back')}
      </Button>
    </section>
  );
}
