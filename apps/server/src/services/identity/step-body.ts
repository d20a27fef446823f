import {
  IDENTITY_STEPS,
  stepBodySchemas,
  type AddressesStep,
  type PassportStep,
  type PersonalStep,
  type WorkStep,
} from '@zaymo/contract';
import { AppError } from '../../errors';
import { parseRequestPart } from '../../validation';

/** A step's body as its contract schema parsed it, tagged with the step. */
export type StepInput =
  | { step: typeof IDENTITY_STEPS.personal; data: PersonalStep }
  | { step: typeof IDENTITY_STEPS.passport; data: PassportStep }
  | { step: typeof IDENTITY_STEPS.addresses; data: AddressesStep }
  | { step: typeof IDENTITY_STEPS.work; data: WorkStep }
  | { step: typeof IDENTITY_STEPS.photos };

/** Validates the body of PATCH /clients/update?step=N with `stepBodySchemas[N]`. */
export function parseStepBody(step: number, body: unknown): StepInput {
  switch (step) {
    case IDENTITY_STEPS.personal:
      return { step, data: parseRequestPart(stepBodySchemas[1], body) };
    case IDENTITY_STEPS.passport:
      return { step, data: parseRequestPart(stepBodySchemas[2], body) };
    case IDENTITY_STEPS.addresses:
      return { step, data: parseRequestPart(stepBodySchemas[3], body) };
    case IDENTITY_STEPS.work:
      return { step, data: parseRequestPart(stepBodySchemas[4], body) };
    case IDENTITY_STEPS.photos:
      // The step has no fields: an absent body means the same as {}.
      parseRequestPart(stepBodySchemas[5], body ?? {});
      return { step };
    case IDENTITY_STEPS.card:
      throw new AppError('IDENTITY_CARD_STEP');
    default:
      throw new AppError('IDENTITY_STEP_UNKNOWN');
  }
}
