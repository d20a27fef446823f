import {
  confirmEmailRequestSchema,
  confirmResetRequestSchema,
  emailConfirmationSentResponseSchema,
  errorResponses,
  getClientResponseSchema,
  loginLinkRequestSchema,
  loginLinkResponseSchema,
  okResponseSchema,
  resetByEmailRequestSchema,
  resetByEmailResponseSchema,
  resetBySmsRequestSchema,
  resetEmailByCodeRequestSchema,
  resetEmailHintResponseSchema,
  resetEmailLinkResponseSchema,
  sessionResponseSchema,
  socialExchangeRequestSchema,
} from '@zaymo/contract';
import { z } from 'zod';
import { currentSession, optionalSession } from '../http/auth';
import { isAppError } from '../errors';
import { requestBaseUrl } from '../http/public-url';
import { requestMeta } from '../http/request-meta';
import type { RoutePlugin } from '../http/route-plugin';
import { presentClient } from '../services/accounts/clients';
import {
  confirmEmail,
  exchangeLoginLink,
  resetPasswordByLink,
  sendEmailConfirmation,
  sendLoginLink,
  sendPasswordResetLink,
} from '../services/accounts/email-flows';
import { resetPasswordBySms } from '../services/accounts/profile';
import { resetEmailHint, sendResetLinkByCode } from '../services/accounts/reset-email';
import { presentSignedIn } from '../services/accounts/signin';

const TAGS = ['Учётная запись: e-mail и восстановление'];
const OK = { data: { ok: true as const } };

export const accountRecoveryRoutes: RoutePlugin = async (app, { ctx }) => {
  app.post(
    '/clients/email/confirmation',
    {
      config: { auth: 'client-not-operator', operatorRefusal: 'credentials' },
      schema: {
        summary: 'Отправить письмо со ссылкой для подтверждения e-mail',
        tags: TAGS,
        response: {
          200: emailConfirmationSentResponseSchema,
          ...errorResponses(400, 401, 409, 429, 503),
        },
      },
    },
    async (request) => ({
      data: await sendEmailConfirmation(
        ctx,
        currentSession(request),
        requestMeta(request),
        requestBaseUrl(ctx.config, request),
      ),
    }),
  );

  app.post(
    '/clients/email/confirm',
    {
      schema: {
        summary: 'Подтвердить e-mail токеном из письма',
        tags: TAGS,
        body: confirmEmailRequestSchema,
        response: { 200: getClientResponseSchema, ...errorResponses(400, 413, 415) },
      },
    },
    async (request) => {
      const session = await optionalSession(ctx, request);
      const operator = session?.operatorName ?? null;
      const client = await confirmEmail(ctx, request.body.token, requestMeta(request), operator);
      return { data: { client: presentClient(client, null) } };
    },
  );

  app.get(
    '/clients/email/confirm',
    {
      schema: {
        summary: 'Ссылка из письма: подтверждает e-mail и открывает профиль',
        description: 'Переход на /person?email_confirmed=1 (или =0, если ссылка устарела).',
        tags: TAGS,
        querystring: confirmEmailRequestSchema,
        response: { 302: z.null().describe('Переход в профиль'), ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const confirmed = await confirmEmail(ctx, request.query.token, requestMeta(request)).then(
        () => true,
        (error: unknown) => {
          if (isAppError(error)) return false;
          throw error;
        },
      );
      return reply.redirect(`/person?email_confirmed=${confirmed ? 1 : 0}`, 302);
    },
  );

  app.post(
    '/clients/reset_by_email_url',
    {
      schema: {
        summary: 'Письмо со ссылкой для смены пароля (/email/reset?token=…, 1 час)',
        tags: TAGS,
        body: resetByEmailRequestSchema,
        response: {
          200: resetByEmailResponseSchema,
          ...errorResponses(400, 413, 415, 429, 503),
        },
      },
    },
    async (request) => ({
      data: await sendPasswordResetLink(
        ctx,
        request.body.phone,
        requestMeta(request),
        requestBaseUrl(ctx.config, request),
      ),
    }),
  );

  app.post(
    '/clients/confirm_reset',
    {
      schema: {
        summary: 'Новый пароль по ссылке из письма; все сессии клиента завершаются',
        tags: TAGS,
        body: confirmResetRequestSchema,
        response: { 200: okResponseSchema, ...errorResponses(400, 413, 415) },
      },
    },
    async (request) => {
      await resetPasswordByLink(ctx, request.body, requestMeta(request));
      return OK;
    },
  );

  app.post(
    '/clients/reset_by_sms',
    {
      schema: {
        summary: 'Новый пароль по коду из SMS (назначение reset); все сессии завершаются',
        tags: TAGS,
        body: resetBySmsRequestSchema,
        response: { 200: okResponseSchema, ...errorResponses(400, 413, 415) },
      },
    },
    async (request) => {
      await resetPasswordBySms(ctx, request.body, requestMeta(request));
      return OK;
    },
  );

  app.post(
    '/clients/reset_by_sms/email_hint',
    {
      schema: {
        summary: 'После кода reset из SMS: маска e-mail, куда можно прислать ссылку (или null)',
        description:
          'Код проверяется, но не расходуется; неверный код считается попыткой. До кода ' +
          'ответы для зарегистрированного и незнакомого номера одинаковы.',
        tags: TAGS,
        body: resetEmailByCodeRequestSchema,
        response: { 200: resetEmailHintResponseSchema, ...errorResponses(400, 413, 415) },
      },
    },
    async (request) => ({ data: await resetEmailHint(ctx, request.body, requestMeta(request)) }),
  );

  app.post(
    '/clients/reset_by_sms/email_link',
    {
      schema: {
        summary: 'После кода reset из SMS: ссылка для смены пароля на подтверждённый e-mail',
        description: 'Код расходуется; без подтверждённого e-mail — 400.',
        tags: TAGS,
        body: resetEmailByCodeRequestSchema,
        response: {
          200: resetEmailLinkResponseSchema,
          ...errorResponses(400, 413, 415, 429, 503),
        },
      },
    },
    async (request) => ({
      data: await sendResetLinkByCode(
        ctx,
        request.body,
        requestMeta(request),
        requestBaseUrl(ctx.config, request),
      ),
    }),
  );

  app.post(
    '/clients/login-link',
    {
      schema: {
        summary: 'Письмо со ссылкой для входа (/social/callback?code=…, 15 минут)',
        tags: TAGS,
        body: loginLinkRequestSchema,
        response: {
          200: loginLinkResponseSchema,
          ...errorResponses(400, 413, 415, 429, 503),
        },
      },
    },
    async (request) => ({
      data: await sendLoginLink(
        ctx,
        request.body.phone,
        requestMeta(request),
        requestBaseUrl(ctx.config, request),
      ),
    }),
  );

  app.post(
    '/clients/social/exchange',
    {
      schema: {
        summary: 'Обменять одноразовый код из ссылки для входа на сессию',
        tags: TAGS,
        body: socialExchangeRequestSchema,
        response: { 200: sessionResponseSchema, ...errorResponses(400, 413, 415) },
      },
    },
    async (request) =>
      presentSignedIn(await exchangeLoginLink(ctx, request.body.code, requestMeta(request))),
  );
};
