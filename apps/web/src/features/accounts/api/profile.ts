import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { type Client } from '@zaymo/contract';
import { api } from '@/lib/api-client';
import { useSessionStore } from '@/stores/session';
import { clientKeys } from '@/lib/query-keys';

export type PasswordChange = { password: string; current_password?: string };

/** Without ?step= PATCH /clients/update answers the client (the contract's union also has steps). */
async function updateClient(body: PasswordChange | { email: string }): Promise<Client> {
  const answer = await api.patch('/clients/update', { body });
  if (!('client' in answer.data)) throw new Error('PATCH /clients/update: no client');
  return answer.data.client;
}

/** Calls that answer with the changed client put it straight into the cache. */
function rememberClient(queryClient: QueryClient, client: Client): void {
  queryClient.setQueryData(clientKeys.all, client);
}

/** PATCH /clients/update with a new password (the current one when the client has one). */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PasswordChange) => updateClient(body),
    onSuccess: (client) => rememberClient(queryClient, client),
  });
}

/** PATCH /clients/update with a new e-mail (unconfirmed until its link is opened). */
export function useUpdateEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => updateClient({ email }),
    onSuccess: (client) => rememberClient(queryClient, client),
  });
}

/** POST /clients/email/confirmation: sends the link; answers with the address it went to. */
export function useSendEmailConfirmation() {
  return useMutation({
    mutationFn: async () => {
      const answer = await api.post('/clients/email/confirmation', {});
      return answer.data.email;
    },
  });
}

/** POST /clients/email/confirm: the token of the e-mailed link. */
export function confirmEmail(token: string) {
  return api.post('/clients/email/confirm', { body: { token } });
}

/** POST /clients/confirm_reset: the token of the e-mailed reset link and the new password. */
export function useConfirmPasswordReset() {
  return useMutation({
    mutationFn: (body: { token: string; password: string }) =>
      api.post('/clients/confirm_reset', { body }),
  });
}

/** POST /clients/reset_by_sms: a new password with the SMS code of purpose reset. */
export function useResetPasswordBySms() {
  return useMutation({
    mutationFn: (body: { phone: string; code: string; password: string }) =>
      api.post('/clients/reset_by_sms', { body }),
  });
}

type ProvenPhone = { phone: string; code: string };

/** The reset code proves the phone: the masked e-mail a reset link may go to, or null. */
export function useResetEmailHint() {
  return useMutation({
    mutationFn: async (body: ProvenPhone) => {
      const answer = await api.post('/clients/reset_by_sms/email_hint', {
        body,
      });
      return answer.data.email_hint;
    },
  });
}

/** The reset link to that e-mail instead of a new password here; the code is used up. */
export function useResetLinkByCode() {
  return useMutation({
    mutationFn: async (body: ProvenPhone) => {
      const answer = await api.post('/clients/reset_by_sms/email_link', {
        body,
      });
      return answer.data.message;
    },
  });
}

export type PhoneChange = { clientId: number; phone: string };

/** POST /clients/{cid}/phone-confirmation/request: a code to that phone; seconds to resend. */
export async function requestPhoneConfirmation({ clientId, phone }: PhoneChange) {
  const answer = await api.post('/clients/:cid/phone-confirmation/request', {
    params: { cid: clientId },
    body: { phone },
  });
  return { resendAfter: answer.data.resend_after };
}

/** PATCH /clients/{cid}/phone-confirmation/confirm: the phone becomes the client's, confirmed. */
export function useConfirmPhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ clientId, phone, code }: PhoneChange & { code: string }) =>
      api.patch('/clients/:cid/phone-confirmation/confirm', {
        params: { cid: clientId },
        body: { phone, code },
      }),
    onSuccess: ({ data }) => {
      useSessionStore.getState().setPhone(data.client.phone);
      rememberClient(queryClient, data.client);
    },
  });
}
