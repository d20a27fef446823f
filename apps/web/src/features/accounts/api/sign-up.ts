import { useMutation } from '@tanstack/react-query';
import { ROUTES } from '@/config/paths';
import { api } from '@/lib/api-client';
import { forgetEsiaSignup } from '../lib/esia-ticket';
import { useStartSession } from './session';

export type CreateClientBody = {
  phone: string;
  code: string;
  consents: string[];
  password?: string;
  referer?: Record<string, string>;
  esia_ticket?: string;
};

/** POST /clients/create: the confirmed phone becomes a client, who goes on to the identity steps. */
export function useCreateClient() {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: (body: CreateClientBody) => api.post('/clients/create', { body }),
    onSuccess: (answer) => {
      forgetEsiaSignup();
      startSession(answer, ROUTES.profileIdentity.path);
    },
  });
}
