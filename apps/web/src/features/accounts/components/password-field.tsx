import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { PasswordSettings } from '@zaymo/contract';
import { Input } from '@/components/ui/input';

type PasswordFieldProps = {
  label: string;
  registration: UseFormRegisterReturn;
  error?: string | undefined;
  autoComplete: 'current-password' | 'new-password';
  /** The policy to show under a new password. */
  policy?: PasswordSettings | undefined;
  /** A line above the policy, e.g. that the field is optional. */
  note?: string | undefined;
};

/** A password input with a show/hide switch and, for new passwords, the policy under it. */
export function PasswordField(props: PasswordFieldProps) {
  const { label, registration, error, autoComplete, policy, note } = props;
  const id = useId();
  const [visible, setVisible] = useState(false);
  const hintId = policy || note ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="ui-field">
      <label className="ui-field__label" htmlFor={id}>
        {label}
      </label>
      <div className="accounts-password">
        <Input
          {...registration}
          id={id}
          type={visible ? 'text' : 'password'}
          autoComplete={autoComplete}
          aria-invalid={Boolean(error)}
          aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
        />
        <VisibilitySwitch visible={visible} controls={id} onToggle={() => setVisible(!visible)} />
      </div>
      {hintId && <PasswordHint id={hintId} policy={policy} note={note} />}
      {error && (
        <p id={errorId} className="ui-field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

type SwitchProps = { visible: boolean; controls: string; onToggle: () => void };

function VisibilitySwitch({ visible, controls, onToggle }: SwitchProps) {
  const { t } = useTranslation('accounts');
  return (
    <button
      type="button"
      className="accounts-password__switch"
      aria-controls={controls}
      aria-pressed={visible}
      onClick={onToggle}
    >
      {t('password.show')}
    </button>
  );
}

type HintProps = { id: string; policy: PasswordSettings | undefined; note: string | undefined };

function PasswordHint({ id, policy, note }: HintProps) {
  const { t } = useTranslation('accounts');
  return (
    <div id={id} className="ui-field__hint accounts-password__hint">
      {note && <p>{note}</p>}
      {policy && (
        <ul>
          <li>{t('password.length', { min: policy.min_length, max: policy.max_length })}</li>
          {policy.rules.map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
