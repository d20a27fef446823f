import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AddressesStep,
  type ClientProfile,
  type EsiaStep,
  type PassportStep,
  type PersonalStep,
  type WorkStep,
} from '@zaymo/contract';
import { api } from '@/lib/api-client';
import { identityKeys } from './keys';

/**
 * GET /clients/step: the step the client is on (null before the first). Asked again on every
 * visit: the client may have gone on in another tab or on another device.
 */
export function useIdentityStep() {
  return useQuery({
    queryKey: identityKeys.step(),
    staleTime: 0,
    queryFn: async ({ signal }) => {
      const answer = await api.get('/clients/step', { signal });
      return answer.data.step_data.step_value;
    },
  });
}

/** GET /clients/profile: everything entered so far, to resume and to show. */
export function useClientProfile() {
  return useQuery({
    queryKey: identityKeys.profile(),
    queryFn: async ({ signal }) => {
      const answer = await api.get('/clients/profile', { signal });
      return answer.data;
    },
  });
}

export type StepSave =
  | { step: 1; body: PersonalStep }
  | { step: 2; body: PassportStep }
  | { step: 3; body: AddressesStep }
  | { step: 4; body: WorkStep }
  | { step: 5; body: Record<string, never> };

const CLIENT_KEY = ['client'] as const;
const PROFILE_SECTION = { 1: 'personal', 2: 'passport', 3: 'addresses', 4: 'work' } as const;

/** PATCH /clients/update?step=N: saves one step; answers the step the client is on now. */
export function useSaveStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ step, body }: StepSave) => {
      const answer = await api.patch('/clients/update', {
        query: { step },
        body,
      });
      // With ?step= the answer is the step value (the contract's union also has the client).
      if (!('step_data' in answer.data)) throw new Error('PATCH /clients/update: no step_data');
      return answer.data.step_data.step_value;
    },
    onSuccess: (stepValue, saved) => {
      queryClient.setQueryData(identityKeys.step(), stepValue);
      // Going back right away shows what was just saved, before the profile is fetched again.
      if (saved.step !== 5) {
        const section = PROFILE_SECTION[saved.step];
        queryClient.setQueryData<ClientProfile>(identityKeys.profile(), (profile) =>
          profile ? { ...profile, [section]: saved.body, step: stepValue } : profile,
        );
      }
      // GET /clients (key ['client'], shown in the header) carries the name saved in step 1.
      if (saved.step === 1) void queryClient.invalidateQueries({ queryKey: CLIENT_KEY });
      return queryClient.invalidateQueries({ queryKey: identityKeys.profile() });
    },
  });
}

/** POST /esia/resolve: the step takes Госуслуги's data and is locked; DELETE /esia/link unlinks. */
export function useEsiaChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: { resolve: EsiaStep } | { unlink: true }) => {
      const answer =
        'resolve' in change
          ? await api.post('/esia/resolve', { body: { step: change.resolve } })
          : await api.delete('/esia/link');
      return answer.data;
    },
    onSuccess: (profile) => queryClient.setQueryData(identityKeys.profile(), profile),
  });
}
