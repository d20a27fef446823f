import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useStartSession } from './session';

export type PasswordCredentials = { phone: string; password: string };
export type CodeCredentials = { phone: string; code: string };

/**
 * POST /clients/login (a wrong password is a 400 with a Russian message). `next` is where the
 * client goes once signed in (null: the main page link).
 */
export function useLoginWithPassword(next: string | null) {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: (body: PasswordCredentials) => api.post('/clients/login', { body }),
    onSuccess: (answer) => startSession(answer, next),
  });
}

/** PATCH /clients/verify_phone: sign-in with the SMS code of purpose signin. */
export function useLoginWithCode(next: string | null) {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: (body: CodeCredentials) => api.patch('/clients/verify_phone', { body }),
    onSuccess: (answer) => startSession(answer, next),
  });
}

/** POST /clients/reset_by_email_url: a reset link to the e-mail of that phone, if it has one. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: async (phone: string) => {
      await api.post('/clients/reset_by_email_url', {
        body: { phone },
      });
    },
  });
}

/** POST /clients/login-link: e-mails a one-time link to /social/callback?code=…. */
export function useRequestLoginLink() {
  return useMutation({
    mutationFn: async (phone: string) => {
      await api.post('/clients/login-link', {
        body: { phone },
      });
    },
  });
}

/** POST /clients/social/exchange: the one-time code of the e-mailed link for a session. */
export function exchangeLoginCode(code: string) {
  return api.post('/clients/social/exchange', { body: { code } });
}
