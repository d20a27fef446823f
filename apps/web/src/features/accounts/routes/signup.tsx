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
import { forgetEsiaSignup, readEsiaSignup, type EsiaSignup } from '../lib/esia-ticket';

/**
 * Sign-up: phone and consents → SMS code (and an optional password) → the identity steps. Back
 * from Госуслуги, the client is greeted above the form and the phone they know is offered; the
 * client may type another.
 */
export function SignupScreen() {
  const { t } = useTranslation('accounts');
  const { send, resend } = useGuestCodeSender('signup');
  const [entered, setEntered] = useState<PhoneStepResult | null>(null);
  const [onCodeStep, setOnCodeStep] = useState(false);
  const esia = useEsiaSignup();
  const onSent = (result: PhoneStepResult) => {
    setEntered(result);
    setOnCodeStep(true);
  };
  return (
    <AuthCard titleKey="signup">
      {esia.greeting && <EsiaGreeting name={esia.greeting.fullName} onCancel={esia.cancel} />}
      {onCodeStep && entered ? (
        <SignupCodeStep
          {...entered}
          resend={() => resend(entered.phone)}
          onChangePhone={() => setOnCodeStep(false)}
        />
      ) : (
        <SignupPhoneStep
          key={esia.offeredPhone ?? ''}
          initial={
            entered ??
            (esia.offeredPhone ? { phone: formatPhone(esia.offeredPhone), consents: [] } : null)
          }
          sendCode={send.mutateAsync}
          onSent={onSent}
        />
      )}
      {!esia.greeting && (
        <HydrationUnit>
          <EsiaButton purpose="signup" />
        </HydrationUnit>
      )}
      <p className="accounts-links">
        {t('signup.haveAccount')} <Link to={ROUTES.signin.path}>{t('signup.toSignin')}</Link>
      </p>
    </AuthCard>
  );
}

/**
 * The sign-up Госуслуги started, once the page runs (sessionStorage exists only in the browser:
 * the prerendered page offers the button). Cancelled, it is forgotten, but the phone it offered
 * stays the form's key, so what the client typed meanwhile stays too.
 */
function useEsiaSignup() {
  const hydrated = useHydrated();
  const [cancelled, setCancelled] = useState<EsiaSignup | null>(null);
  const greeting = hydrated ? readEsiaSignup() : null;
  const cancel = () => {
    forgetEsiaSignup();
    setCancelled(greeting);
  };
  return { greeting, offeredPhone: (greeting ?? cancelled)?.phone ?? null, cancel };
}

/** Back from Госуслуги: whose data wait for the phone, and the way to sign up without them. */
function EsiaGreeting({ name, onCancel }: { name: string; onCancel: () => void }) {
  const { t } = useTranslation('accounts');
  return (
    <Notice role="status" className="accounts-esia accounts-esia--greeting">
      <p>{t('esia.signupGreeting', { name })}</p>
      <Button variant="ghost" onClick={onCancel}>
        {t('esia.signupCancel')}
      </Button>
    </Notice>
  );
}
