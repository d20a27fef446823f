import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROUTES } from '@/config/paths';
import { AuthCard } from '../components/auth-card';
import { SignupCodeStep } from '../components/signup-code-step';
import { SignupPhoneStep, type PhoneStepResult } from '../components/signup-phone-step';
import { useGuestCodeSender } from '../hooks/use-code-sender';

/** Sign-up: phone and consents → SMS code (and an optional password) → the identity steps. */
export function SignupScreen() {
  const { t } = useTranslation('accounts');
  const { send, resend } = useGuestCodeSender('signup');
  const [entered, setEntered] = useState<PhoneStepResult | null>(null);
  const [onCodeStep, setOnCodeStep] = useState(false);
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
        <SignupPhoneStep initial={entered} sendCode={send.mutateAsync} onSent={onSent} />
      )}
      <p className="accounts-links">
        {t('signup.haveAccount')} <Link to={ROUTES.signin.path}>{t('signup.toSignin')}</Link>
      </p>
    </AuthCard>
  );
}
