import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { EsiaButton } from '@/components/esia-button';
import { HydrationUnit } from '@/components/hydration-unit';
import { Spinner } from '@/components/ui/spinner';
import { REDIRECT_PARAM, ROUTES } from '@/config/paths';
import { lazyNamed } from '@/lib/lazy';
import { AuthCard } from '../components/auth-card';
import { SigninPasswordForm } from '../components/signin-password-form';
import type { PhoneMemory, SigninView } from '../components/signin-recovery';
import { SigninTabs, signinPanelId, signinTabId } from '../components/signin-tabs';
import { safeRedirectPath } from '../lib/redirect';

/**
 * The SMS tab's form loads when the client reaches for the tabs, not with the page, which opens
 * on the password tab. Its texts are bundled (i18n/resources.ts): it waits for its chunk only.
 */
const loadCodeForm = () => import('../components/signin-code-form');
const SigninCodeForm = lazy(async () => ({ default: (await loadCodeForm()).SigninCodeForm }));
const preloadCodeForm = () => void loadCodeForm().catch(() => undefined);

/** Password recovery and sign-in links: their forms load when the client asks for one. */
const SigninRecovery = lazyNamed(() => import('../components/signin-recovery'), 'SigninRecovery');

const SIGNIN_VIEWS: readonly SigninView[] = ['password', 'sms', 'reset', 'resetSms', 'link'];

/** Other screens open a view with `<Link to="/signin" state={{ view: 'reset' }}>`. */
function viewOf(state: unknown): SigninView | undefined {
  if (typeof state !== 'object' || state === null || !('view' in state)) return undefined;
  return SIGNIN_VIEWS.find((view) => view === state.view);
}

/** Sign-in by password or SMS code; password recovery and sign-in links. */
export function SigninScreen() {
  const location = useLocation();
  const [params] = useSearchParams();
  const next = safeRedirectPath(params.get(REDIRECT_PARAM));
  const [view, setView] = useState<SigninView>(() => viewOf(location.state) ?? 'password');
  const [phone, setPhone] = useState('');
  const memory: PhoneMemory = { initialPhone: phone, onPhone: setPhone };
  return (
    <AuthCard titleKey="signin">
      {view === 'password' || view === 'sms' ? (
        <>
          <HydrationUnit>
            <SigninTabs mode={view} onChange={setView} onIntent={preloadCodeForm} />
          </HydrationUnit>
          <HydrationUnit>
            <div role="tabpanel" id={signinPanelId(view)} aria-labelledby={signinTabId(view)}>
              {view === 'password' ? (
                <SigninPasswordForm {...memory} next={next} />
              ) : (
                <Suspense fallback={<Spinner />}>
                  <SigninCodeForm {...memory} next={next} />
                </Suspense>
              )}
            </div>
          </HydrationUnit>
        </>
      ) : (
        <Suspense fallback={<Spinner />}>
          <SigninRecovery view={view} memory={memory} onView={setView} />
        </Suspense>
      )}
      <HydrationUnit>
        <EsiaButton purpose="signin" />
      </HydrationUnit>
      <HydrationUnit>
        <SigninLinks view={view} onView={setView} />
      </HydrationUnit>
    </AuthCard>
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
