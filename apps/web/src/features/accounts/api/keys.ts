import { createQueryKeys } from '@/lib/query-keys';

export const registrationSettingsKeys = createQueryKeys('registration-settings');
export const passwordSettingsKeys = createQueryKeys('password-settings');
/** One-shot calls run as queries so that a re-run effect never sends them twice. */
export const oneShotKeys = createQueryKeys('accounts-one-shot');
