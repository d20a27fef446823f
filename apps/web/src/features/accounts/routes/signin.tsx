import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { z } from 'zod';
import { MountInTurn } from '@/components/mount-in-turn';
import { Button } from '@/components/ui/button';
import { REDIRECT_PARAM, ROUTES } from '@/config/paths';
import { AuthCard } from '../components/auth-card';
import { LoginLinkRequest, PasswordResetRequest } from '../components/email-link-request';
import { ResetBySms } from '../components/reset-by-sms';
import { SigninCodeForm } from '../components/signin-code-form';
import { SigninPasswordForm } from '../components/signin-password-form';
import { SigninTabs, signinPanelId, signinTabId, type SigninMode } from '../components/signin-tabs';
import { safeRedirectPath } from '../lib/redirect';

const SIGNIN_VIEWS = ['password', 'sms', 'reset', 'resetSms', 'link'] as const;
type SigninView = (typeof SIGNIN_VIEWS)[number];
type RecoveryView = Exclude<SigninView, SigninMode>;

/** Other screens open a view with `<Link to="/signin" state={{ view: 'reset' }}>`. */
const signinStateSchema = z.object({ view: z.enum(SIGNIN_VIEWS) });

type PhoneMemory = { initialPhone: string; onPhone: (phone: string) => void };

/** Sign-in by password or SMS code; password recovery and sign-in links. */
export function SigninScreen() {
  const location = useLocation();
  const [params] = useSearchParams();
  const next = safeRedirectPath(params.get(REDIRECT_PARAM));
  const [view, setView] = useState<SigninView>(
    () => signinStateSchema.safeParse(location.state).data?.view ?? 'password',
  );
  const [phone, setPhone] = useState('');
  const memory: PhoneMemory = { initialPhone: phone, onPhone: setPhone };
  return (
    <AuthCard titleKey="signin">
      {view === 'password' || view === 'sms' ? (
        <>
          <MountInTurn>
            <SigninTabs mode={view} onChange={setView} />
          </MountInTurn>
          <MountInTurn>
            <div role="tabpanel" id={signinPanelId(view)} aria-labelledby={signinTabId(view)}>
              {view === 'password' ? (
                <SigninPasswordForm {...memory} next={next} />
              ) : (
                <SigninCodeForm {...memory} next={next} />
              )}
            </div>
          </MountInTurn>
        </>
      ) : (
        <Recovery view={view} memory={memory} onView={setView} />
      )}
      <MountInTurn>
        <SigninLinks view={view} onView={setView} />
      </MountInTurn>
    </AuthCard>
  );
}

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

function Recovery({ view, memory, onView }: RecoveryProps) {
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

function SigninLinks({ view, onView }: { view: SigninView; onView: (view: SigninView) => void }) {
  const { t } = useTranslation('accounts');
  return (
    <ul className="accounts-links">
      {view !== 'reset' && view !== 'resetSms' && (
        <li>
          <button type="button" className="accounts-link-button" onClick={() => onView('reset')}>
            {t('signin.forgot')}
          </button>
        </li>
      )}
      {view !== 'link' && (
        <li>
          <button type="button" className="accounts-link-button" onClick={() => onView('link')}>
            {t('signin.byLink')}
          </button>
        </li>
      )}
      <li>
        <Link to={ROUTES.signup.path}>{t('signin.toSignup')}</Link>
      </li>
    </ul>
  );
}
