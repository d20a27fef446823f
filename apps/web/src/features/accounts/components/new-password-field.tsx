import { useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { PasswordSettings } from '@zaymo/contract';
import { PasswordField } from './password-field';
import { PasswordStrengthMeter } from './password-strength-meter';

type NewPasswordFieldProps = {
  label: string;
  registration: UseFormRegisterReturn;
  error?: string | undefined;
  policy: PasswordSettings;
  note?: string | undefined;
  /** The phone the password must not resemble; the session's when not given. */
  phone?: string | null | undefined;
};

/**
 * A password being chosen, wherever one is set (sign-up, reset by SMS or link, profile change):
 * the field with the policy, and under it the strength meter and the Russian reason as the
 * client types.
 */
export function NewPasswordField({ registration, phone, ...field }: NewPasswordFieldProps) {
  const [typed, setTyped] = useState('');
  const tracked: UseFormRegisterReturn = {
    ...registration,
    onChange: (event: { target: { value: string } }) => {
      setTyped(event.target.value);
      return registration.onChange(event);
    },
  };
  return (
    <>
      <PasswordField {...field} registration={tracked} autoComplete="new-password" />
      <PasswordStrengthMeter password={typed} phone={phone} />
    </>
  );
}
