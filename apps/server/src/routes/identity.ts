import {
  clientProfileResponseSchema,
  clientStepResponseSchema,
  errorResponses,
} from '@zaymo/contract';
import type { z } from 'zod';
import type { AppContext } from '../context';
import { currentSession } from '../http/auth';
import type { RoutePlugin } from '../http/route-plugin';
import { getClientProfile, getClientStep } from '../services/identity/profile';
import { saveIdentityStep } from '../services/identity/steps';

const TAGS = ['Анкета'];

type StepResponse = z.infer<typeof clientStepResponseSchema>;

/** The spec's answer of the step calls: data.step_data.step_value, null when absent. */
export function presentStep(step: number | null): StepResponse {
  return { data: { step_data: { step_value: step } } };
}

/**
 * PATCH /clients/update?step=N. The path belongs to routes/accounts.ts; with a `step` in the query
 * it hands the raw body here, and the step's own schema (stepBodySchemas[N]) validates it.
 */
export async function saveStepAnswer(
  ctx: AppContext,
  clientId: number,
  step: number,
  body: unknown,
): Promise<StepResponse> {
  return presentStep(await saveIdentityStep(ctx, clientId, step, body));
}

export const identityRoutes: RoutePlugin = async (app, { ctx }) => {
  app.get(
    '/clients/step',
    {
      config: { auth: 'client' },
      schema: {
        summary: 'Шаг анкеты, на котором остановился клиент',
        description: 'Шаги 1–5 — анкета, 6 — привязка карты, 7 — анкета заполнена.',
        tags: TAGS,
        response: { 200: clientStepResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => presentStep(await getClientStep(ctx, currentSession(request).clientId)),
  );

  app.get(
    '/clients/profile',
    {
      config: { auth: 'client' },
      schema: {
        summary: 'Анкета клиента: всё, что он ввёл, фотографии и шаг',
        description: 'passport_locked — паспортные данные больше нельзя изменить (есть заявка).',
        tags: TAGS,
        response: { 200: clientProfileResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => ({ data: await getClientProfile(ctx, currentSession(request).clientId) }),
  );
};
