import type { clientStepResponseSchema } from '@zaymo/contract';
import type { z } from 'zod';

type StepResponse = z.infer<typeof clientStepResponseSchema>;

/** The spec's answer of the step calls: data.step_data.step_value, null when absent. */
export function presentStep(step: number | null): StepResponse {
  return { data: { step_data: { step_value: step } } };
}
