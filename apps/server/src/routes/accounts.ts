import {
  createClientRequestSchema,
  errorResponses,
  getClientResponseSchema,
  lastRefererResponseSchema,
  loginRequestSchema,
  okResponseSchema,
  sessionResponseSchema,
  updateClientOrStepResponseSchema,
  updateClientQuerySchema,
  updateClientRequestSchema,
  verifyPhoneRequestSchema,
} from '@zaymo/contract';
import { currentClient, currentSession, refuseOperator } from '../http/auth';
import { requestMeta } from '../http/request-meta';
import type { RoutePlugin } from '../http/route-plugin';
import { parseRequestPart } from '../validation';
import { securityEvent } from '../logging';
import { presentClient } from '../services/accounts/clients';
import { updateProfile } from '../services/accounts/profile';
import { presentSignedIn, signInWithCode, signInWithPassword } from '../services/accounts/signin';
import { signUp } from '../services/accounts/signup';
import { presentStep } from '../services/identity/present';
import { saveIdentityStep } from '../services/identity/steps';
import { revokeSession } from '../services/sessions';

const TAGS = ['Учётная запись'];

export const accountsRoutes: RoutePlugin = async (app, { ctx }) => {
  app.get(
    '/clients',
    {
      config: { auth: 'client' },
      schema: {
        summary: 'Клиент текущей сессии',
        tags: TAGS,
        response: { 200: getClientResponseSchema, ...errorResponses(401) },
      },
    },
    (request) => ({
      data: { client: presentClient(currentClient(request), currentSession(request)) },
    }),
  );

  app.get(
    '/clients/logout',
    {
      config: { auth: 'client' },
      schema: {
        summary: 'Выход: сессия отзывается',
        tags: TAGS,
        response: { 200: okResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const session = currentSession(request);
      await revokeSession(ctx, session.sessionId);
      securityEvent(request.log, 'session_revoked', {
        clientId: session.clientId,
        reason: 'logout',
      });
      return { data: { ok: true as const } };
    },
  );

  app.post(
    '/clients/create',
    {
      schema: {
        summary: 'Регистрация: телефон, код из SMS, согласия, пароль (необязательно)',
        tags: TAGS,
        body: createClientRequestSchema,
        response: { 200: sessionResponseSchema, ...errorResponses(400, 409, 413, 415, 429) },
      },
    },
    async (request) => presentSignedIn(await signUp(ctx, request.body, requestMeta(request))),
  );

  app.post(
    '/clients/login',
    {
      schema: {
        summary: 'Вход по телефону и паролю',
        description: 'Неверный пароль — 400 (не 401); после 5 ошибок за 15 минут — 429.',
        tags: TAGS,
        body: loginRequestSchema,
        response: { 200: sessionResponseSchema, ...errorResponses(400, 413, 415, 429) },
      },
    },
    async (request) =>
      presentSignedIn(await signInWithPassword(ctx, request.body, requestMeta(request))),
  );

  app.patch(
    '/clients/verify_phone',
    {
      schema: {
        summary: 'Вход по телефону и коду из SMS (назначение signin)',
        tags: TAGS,
        body: verifyPhoneRequestSchema,
        response: { 200: sessionResponseSchema, ...errorResponses(400, 404, 413, 415) },
      },
    },
    async (request) =>
      presentSignedIn(await signInWithCode(ctx, request.body, requestMeta(request))),
  );

  app.patch(
    '/clients/update',
    {
      config: { auth: 'client' },
      schema: {
        summary: 'Изменение e-mail или пароля; с ?step=N — сохранение шага анкеты N',
        description:
          'Смена существующего пароля требует current_password; оператору — 403. ' +
          'С параметром step тело проверяется схемой шага (stepBodySchemas[N]), ответ — ' +
          'data.step_data.step_value; пропустить шаг нельзя (409).',
        tags: TAGS,
        // The body's schema depends on `step`, so each branch parses it (same 400 answers).
        querystring: updateClientQuerySchema,
        response: {
          200: updateClientOrStepResponseSchema,
          ...errorResponses(400, 401, 403, 409, 413, 415, 429),
        },
      },
    },
    async (request) => {
      const session = currentSession(request);
      const { step } = request.query;
      // With a step, the raw body is that step's answer (stepBodySchemas[N] validates it).
      if (step !== undefined) {
        return presentStep(await saveIdentityStep(ctx, session.clientId, step, request.body));
      }
      // Identity steps are the operator's to help with; e-mail and password are not.
      if (session.operatorName !== null) refuseOperator(request, 'credentials');
      const changes = parseRequestPart(updateClientRequestSchema, request.body);
      const client = await updateProfile(ctx, session, changes, requestMeta(request));
      return { data: { client: presentClient(client, session) } };
    },
  );

  app.get(
    '/clients/last_referer',
    {
      config: { auth: 'client' },
      schema: {
        summary: 'Параметры первого визита (utm и другие), сохранённые при регистрации',
        tags: TAGS,
        response: { 200: lastRefererResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const client = currentClient(request);
      const params = client.referer ?? {};
      const hasParams = Object.keys(params).length > 0;
      return {
        data: { params, created_at: hasParams ? client.createdAt.toISOString() : null },
      };
    },
  );
};
