import type { CrmPasswordRequest, CrmTotpRequest } from '@zaymo/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Step one: login and password → a sign-in ticket (and, the first time, a new TOTP secret). */
export function usePasswordStep() {
  return useMutation({
    mutationFn: (body: CrmPasswordRequest) => api.post('/crm/auth/password', { body }),
  });
}

/** Step two: the ticket and the authenticator app's code → the staff session. */
export function useTotpStep() {
  return useMutation({
    mutationFn: (body: CrmTotpRequest) => api.post('/crm/auth/totp', { body }),
  });
}
