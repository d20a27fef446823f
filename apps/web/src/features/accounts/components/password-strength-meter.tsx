import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  loadPasswordEstimator,
  passwordStrength,
  passwordUserInputs,
  type PasswordEstimator,
  type PasswordStrength,
} from '@zaymo/contract';
import { useBrand } from '@/hooks/use-company-settings';
import { useSessionStore } from '@/stores/session';

let estimator: Promise<PasswordEstimator> | null = null;

/** The dictionaries load with the first typed character, in their own chunk. */
function loadEstimator(): Promise<PasswordEstimator> {
  estimator ??= loadPasswordEstimator();
  return estimator;
}

type PasswordStrengthMeterProps = {
  password: string;
  /** A guest choosing a password (sign-up, reset) has no session phone yet: the typed one. */
  phone?: string | null | undefined;
};

/**
 * The server's strength rule (the contract's passwordStrength) as the client types: a meter and
 * the Russian reason a password would be refused.
 */
export function PasswordStrengthMeter({ password, phone }: PasswordStrengthMeterProps) {
  const { t } = useTranslation('accounts');
  const strength = useStrength(password, phone);
  if (!password || !strength) return null;
  return (
    <div className="accounts-password__strength" role="status" aria-live="polite">
      <meter
        aria-label={t('strengthLabel')}
        min={0}
        max={4}
        low={2}
        high={3}
        optimum={4}
        value={strength.score}
      />
      <span>{t(`strength.${Math.min(strength.score, 4)}` as 'strength.0')}</span>
      {strength.problem && <p className="ui-field__hint">{strength.problem}</p>}
    </div>
  );
}

function useStrength(password: string, given: string | null | undefined): PasswordStrength | null {
  const sessionPhone = useSessionStore((state) => state.phone);
  const phone = given ?? sessionPhone;
  const brand = useBrand();
  const [strength, setStrength] = useState<PasswordStrength | null>(null);
  useEffect(() => {
    if (!password) return;
    let current = true;
    void loadEstimator().then((loaded) => {
      const inputs = passwordUserInputs([phone, brand]);
      if (current) setStrength(passwordStrength(loaded, password, inputs));
    });
    return () => {
      current = false;
    };
  }, [password, phone, brand]);
  return strength;
}
