import { create } from 'zustand';
import { useSessionStore } from './session';

type AfterSignInState = {
  /**
   * Where the guests-only page goes when a session starts on it: sign-in's safe `redirect`,
   * sign-up's identity steps. Null means the main page link.
   */
  target: string | null;
};

/**
 * A session that starts on a guests-only page makes its guard redirect at once, before the page
 * could navigate itself; the page leaves its destination here for the guard to use instead.
 * Every sign-in sets it; signing out forgets it.
 */
export const useAfterSignInStore = create<AfterSignInState>()(() => ({ target: null }));

export function setAfterSignInTarget(target: string | null): void {
  useAfterSignInStore.setState({ target });
}

useSessionStore.subscribe(({ token }, previous) => {
  if (token === null && previous.token !== null) setAfterSignInTarget(null);
});
