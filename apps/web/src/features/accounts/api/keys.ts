import { createQueryKeys } from '@/lib/query-keys';

/** The signed-in client (GET /clients): every change to the client invalidates `clientKeys.all`. */
export const clientKeys = createQueryKeys('client');
export const registrationSettingsKeys = createQueryKeys('registration-settings');
export const passwordSettingsKeys = createQueryKeys('password-settings');
/** One-shot calls run as queries so that a re-run effect never sends them twice. */
export const oneShotKeys = createQueryKeys('accounts-one-shot');
