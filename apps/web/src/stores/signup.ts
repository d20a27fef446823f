import { create } from 'zustand';

/** Spec §3 sign-up state; `step` is the numeric step_value of the step call, null when absent. */
export type SignupState = {
  userId: number | null;
  cards: unknown[];
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
  cards: [],
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
