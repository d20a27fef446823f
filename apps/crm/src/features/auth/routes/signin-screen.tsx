import type { CrmPasswordResponse, CrmSessionResponse } from '@zaymo/contract';
import { useState } from 'react';
import { ErrorNotice } from '@/components/ui';
import { BRAND, ROUTES } from '@/config/paths';
import { useTitle } from '@/lib/use-title';
import { useStaffSession } from '@/stores/staff-session';
import { PasswordForm } from '../components/password-form';
import { TotpForm } from '../components/totp-form';

/** «Вход»: login and password, then the code of the authenticator app. */
export function SigninScreen() {
  useTitle(ROUTES.signin.title);
  const [passed, setPassed] = useState<CrmPasswordResponse['data'] | null>(null);
  const [restartReason, setRestartReason] = useState<unknown>(null);
  const signIn = useStaffSession((state) => state.signIn);
  // The guest-only guard (app/guards.tsx) takes the new session on to ?next= or the clients.
  const onSignedIn = ({ token, staff }: CrmSessionResponse['data']) => signIn(token, staff);

  return (
    <main className="signin" id="main">
      <div className="signin__card">
        <p className="signin__brand">{BRAND} · консоль сотрудника</p>
        <h1>Вход</h1>
        {passed ? (
          <TotpForm
            passed={passed}
            onSignedIn={onSignedIn}
            onRestart={(reason) => {
              setRestartReason(reason);
              setPassed(null);
            }}
          />
        ) : (
          <>
            {restartReason !== null && <ErrorNotice error={restartReason} />}
            <PasswordForm
              onPassed={(answer) => {
                setRestartReason(null);
                setPassed(answer);
              }}
            />
          </>
        )}
      </div>
    </main>
  );
}
