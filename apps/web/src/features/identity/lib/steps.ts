import {
  IDENTITY_COMPLETE_STEP,
  IDENTITY_STEPS,
  type IdentityStepName,
  type IdentityStepNumber,
} from '@zaymo/contract';

/** The steps in order: IDENTITY_STEPS numbers them 1–6. */
export const STEP_NAMES = (Object.keys(IDENTITY_STEPS) as IdentityStepName[]).sort(
  (a, b) => IDENTITY_STEPS[a] - IDENTITY_STEPS[b],
);
export const STEP_COUNT = STEP_NAMES.length;

/** Where the client is: a step 1–6, or 7 when everything is filled. */
export type Progress = IdentityStepNumber | typeof IDENTITY_COMPLETE_STEP;

/** GET /clients/step's value as a step: null (not started) is step 1. */
export function progressOf(stepValue: number | null | undefined): Progress {
  if (stepValue == null || stepValue < 1) return 1;
  if (stepValue >= IDENTITY_COMPLETE_STEP) return IDENTITY_COMPLETE_STEP;
  return stepValue as IdentityStepNumber;
}

export function stepNameOf(step: IdentityStepNumber): IdentityStepName {
  return STEP_NAMES[step - 1] ?? 'personal';
}

/** After step `saved` is stored, the next screen: the following step, never past the server's. */
export function stepAfterSave(saved: IdentityStepNumber, serverStep: number | null): Progress {
  const reached = progressOf(serverStep);
  return progressOf(Math.min(saved + 1, reached));
}
