import { create } from 'zustand';

/**
 * Spec §3 sign-up state; `step` is the numeric step_value of the step call, null when absent. The
 * spec's `cards` (those bound on the way) are the cards query (`features/cards/api`), which a bound
 * card invalidates: server state is not copied here.
 */
export type SignupState = {
  userId: number | null;
  phone: string | null;
  isEmailExist: boolean;
  step: number | null;
  isWaiting: boolean;
};

type SignupActions = {
  update: (patch: Partial<SignupState>) => void;
  reset: () => void;
};

export const initialSignup: SignupState = {
  userId: null,
  phone: null,
  isEmailExist: false,
  step: null,
  isWaiting: false,
};

export const useSignupStore = create<SignupState & SignupActions>()((set) => ({
  ...initialSignup,
  update: (patch) => set(patch),
  reset: () => set(initialSignup),
}));
