import { useCalculatorStore } from '@/stores/calculator';
import { useDashboardStore } from '@/stores/dashboard';
import { useNotificationsStore } from '@/stores/notifications';
import { usePopupsStore } from '@/stores/popups';
import { useSessionStore } from '@/stores/session';
import { useSignupStore } from '@/stores/signup';

export function resetAllStores(): void {
  useSessionStore.getState().reset();
  useDashboardStore.getState().reset();
  useSignupStore.getState().reset();
  useCalculatorStore.getState().reset();
  usePopupsStore.getState().reset();
  useNotificationsStore.getState().reset();
}

/** A token the app accepts: longer than 27 characters. */
export const VALID_TOKEN = 'a'.repeat(28);
