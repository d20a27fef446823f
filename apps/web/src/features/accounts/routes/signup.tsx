import { useState } from 'react';
import { formatPhone } from '@zaymo/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EsiaButton } from '@/components/esia-button';
import { HydrationUnit } from '@/components/hydration-unit';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { ROUTES } from '@/config/paths';
import { useHydrated } from '@/hooks/use-hydrated';
import { AuthCard } from '../components/auth-card';
import { SignupCodeStep } from '../components/signup-code-step';
import { SignupPhoneStep, type PhoneStepResult } from '../components/signup-phone-step';
import { useGuestCodeSender } from '../hooks/use-code-sender';
import { forgetEsiaSignup, readEsiaSignup } from '../lib/esia-ticket';

/**
 * Sign-up: phone and consents → SMS code (and an optional password) → the identity steps. Back
 * from Госуслуги, the phone they know is offered; the client may type another.
 */
export function SignupScreen() {
  const { t } = useTranslation('accounts');
  const { send, resend } = useGuestCodeSender('signup');
  const [entered, setEntered] = useState<PhoneStepResult | null>(null);
  const [onCodeStep, setOnCodeStep] = useState(false);
  // sessionStorage exists only in the browser: the prerendered form starts empty, then the
  // phone Госуслуги know is offered (the form mounts anew under its own key).
  const esiaPhone = useHydrated() ? (readEsiaSignup()?.phone ?? null) : null;
  const onSent = (result: PhoneStepResult) => {
    setEntered(result);
    setOnCodeStep(true);
  };
  return (
    <AuthCard titleKey="signup">
      {onCodeStep && entered ? (
        <SignupCodeStep
          {...entered}
          resend={() => resend(entered.phone)}
          onChangePhone={() => setOnCodeStep(false)}
        />
      ) : (
        <SignupPhoneStep
          key={esiaPhone ?? ''}
          initial={entered ?? (esiaPhone ? { phone: formatPhone(esiaPhone), consents: [] } : null)}
          sendCode={send.mutateAsync}
          onSent={onSent}
        />
      )}
      <HydrationUnit>
        <EsiaChoice />
      </HydrationUnit>
      <p className="accounts-links">
        {t('signup.haveAccount')} <Link to={ROUTES.signin.path}>{t('signup.toSignin')}</Link>
      </p>
    </AuthCard>
  );
}

/** Back from Госуслуги: whose data wait for the phone; otherwise the way to sign up with them. */
function EsiaChoice() {
  const { t } = useTranslation('accounts');
  const hydrated = useHydrated();
  const [cancelled, setCancelled] = useState(false);
  // sessionStorage exists only in the browser: the prerendered page offers the button.
  const esia = hydrated && !cancelled ? readEsiaSignup() : null;
  if (!esia) return <EsiaButton purpose="signup" />;
  const cancel = () => {
    forgetEsiaSignup();
    setCancelled(true);
  };
  return (
    <Notice role="status" className="accounts-esia">
      <p>{t('esia.signupGreeting', { name: esia.fullName })}</p>
      <Button variant="ghost" onClick={cancel}>
        {t('esia.signupCancel')}
      </Button>
    </Notice>
  );
}
