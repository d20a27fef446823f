import { useQuery } from '@tanstack/react-query';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, type PasswordSettings } from '@zaymo/contract';
import { api } from '@/lib/api-client';
import { passwordSettingsKeys, registrationSettingsKeys } from './keys';

/** The consents a new client is asked for (GET /registration/settings). */
export function useRegistrationSettings() {
  return useQuery({
    queryKey: registrationSettingsKeys.all,
    queryFn: async ({ signal }) => {
      const answer = await api.get('/registration/settings', { signal });
      return answer.data;
    },
    staleTime: 10 * 60_000,
  });
}

/** Used until the policy arrives and when its call fails: the server still checks. */
export const DEFAULT_PASSWORD_SETTINGS: PasswordSettings = {
  min_length: PASSWORD_MIN_LENGTH,
  max_length: PASSWORD_MAX_LENGTH,
  rules: [],
};

/** The password policy (GET /dashboard/passwordSettings), shown under password fields. */
export function usePasswordSettings() {
  return useQuery({
    queryKey: passwordSettingsKeys.all,
    queryFn: async ({ signal }) => {
      const answer = await api.get('/dashboard/passwordSettings', { signal });
      return answer.data;
    },
    staleTime: 10 * 60_000,
  });
}
