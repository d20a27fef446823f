import type { CrmPasswordResponse, CrmSessionResponse } from '@zaymo/contract';
import { useState, type FormEvent } from 'react';
import { Button, ErrorNotice, Field } from '@/components/ui';
import { hasErrorCode } from '@zaymo/web-kit';
import { useTotpStep } from '../api/sign-in';
import { Enrollment } from './enrollment';

type Props = {
  passed: CrmPasswordResponse['data'];
  onSignedIn: (session: CrmSessionResponse['data']) => void;
  /** The ticket ran out or was refused: the password step again, with the server's reason. */
  onRestart: (reason: unknown) => void;
};

const CODE = /^\d{6}$/;

/** The authenticator app's six digits; on the first sign-in, the app is connected first. */
export function TotpForm({ passed, onSignedIn, onRestart }: Props) {
  const step = useTotpStep();
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const digits = code.replace(/\s/g, '');
    if (!CODE.test(digits)) {
      setInvalid('Код из приложения — 6 цифр');
      return;
    }
    setInvalid(undefined);
    step.mutate(
      { ticket: passed.ticket, code: digits },
      {
        onSuccess: (answer) => onSignedIn(answer.data),
        onError: (error) => {
          if (hasErrorCode(error, 'STAFF_SIGN_IN_EXPIRED')) onRestart(error);
          else setCode('');
        },
      },
    );
  };

  const refused = step.isError && hasErrorCode(step.error, 'TOTP_INVALID') ? step.error : null;

  return (
    <form onSubmit={submit} noValidate>
      {passed.enrollment && <Enrollment enrollment={passed.enrollment} />}
      <fieldset disabled={step.isPending}>
        <Field
          label="Код из приложения"
          hint="Шесть цифр, которые сейчас показывает приложение-аутентификатор"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          autoFocus
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={invalid ?? refused?.message}
        />
        {step.isError && !refused && <ErrorNotice error={step.error} />}
        <div className="actions">
          <Button type="submit" loading={step.isPending}>
            Войти
          </Button>
          <Button variant="link" onClick={() => onRestart(null)}>
            Другой логин
          </Button>
        </div>
      </fieldset>
    </form>
  );
}
