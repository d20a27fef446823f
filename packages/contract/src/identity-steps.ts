// No zod here: the web app's first page reads the step numbers without loading the schemas.

export const IDENTITY_STEPS = {
  personal: 1,
  passport: 2,
  addresses: 3,
  work: 4,
  photos: 5,
  card: 6,
} as const;
export type IdentityStepName = keyof typeof IDENTITY_STEPS;
export type IdentityStepNumber = (typeof IDENTITY_STEPS)[IdentityStepName];
/** The step value once every step is done. */
export const IDENTITY_COMPLETE_STEP = 7;
