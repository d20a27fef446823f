import type { PasswordSettings } from '@zaymo/contract';
import { DEFAULT_PASSWORD_SETTINGS, usePasswordSettings } from '../api/settings';

/** The server's password policy; the contract defaults while it loads or when it fails. */
export function usePasswordPolicy(): { policy: PasswordSettings; settled: boolean } {
  const { data, isPending } = usePasswordSettings();
  return { policy: data ?? DEFAULT_PASSWORD_SETTINGS, settled: !isPending };
}
