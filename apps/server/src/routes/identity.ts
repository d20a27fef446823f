import {
  clientProfileResponseSchema,
  clientStepResponseSchema,
  errorResponses,
} from '@zaymo/contract';
import { currentSession } from '../http/auth';
import type { RoutePlugin } from '../http/route-plugin';
import { getClientProfile, getClientStep } from '../services/identity/profile';
import { presentStep } from '../services/identity/present';

const TAGS = ['Анкета'];

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
