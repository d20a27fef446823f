import {
  addressSearchQuerySchema,
  addressSuggestionsResponseSchema,
  emailSuggestionsQuerySchema,
  emailSuggestionsResponseSchema,
  errorResponses,
  fioSuggestionsQuerySchema,
  fioSuggestionsResponseSchema,
  fmsUnitSuggestionsQuerySchema,
  fmsUnitSuggestionsResponseSchema,
  partySuggestionsQuerySchema,
  partySuggestionsResponseSchema,
} from '@zaymo/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config';
import { AppError } from '../errors';
import type { RoutePlugin } from '../http/route-plugin';
import {
  createSuggestionsProvider,
  SuggestionsUnavailableError,
  type SuggestionsProvider,
} from '../integrations/suggestions';

const TAGS = ['Подсказки'];
const ERRORS = errorResponses(400, 401, 503);

function providerFor(config: AppConfig): SuggestionsProvider {
  const { dadataToken, dadataUrl } = config.suggestions;
  return createSuggestionsProvider({
    ...(dadataToken ? { dadataToken } : {}),
    ...(dadataUrl ? { dadataBaseUrl: dadataUrl } : {}),
  });
}

/** DaData failing becomes 503 with the Russian message; the reason goes to the log only. */
async function suggest<T>(log: FastifyBaseLogger, ask: () => Promise<T>): Promise<T> {
  try {
    return await ask();
  } catch (error) {
    if (!(error instanceof SuggestionsUnavailableError)) throw error;
    log.warn({ reason: error.reason }, 'suggestions unavailable');
    throw new AppError('SERVICE_UNAVAILABLE', error.message);
  }
}

/**
 * Suggestions for the identity steps (spec §3, §9: five results): DaData when DADATA_TOKEN is
 * set, the offline provider over bundled data otherwise. Signed-in clients only: every DaData
 * request is paid for.
 */
export const suggestionsRoutes: RoutePlugin = async (app, { ctx }) => {
  const provider = providerFor(ctx.config);
  const config = { auth: 'client' } as const;
  // The queries are personal data (names, addresses) typed letter by letter: no access lines
  // with them in the URL. Failures still log at warn and error.
  const logLevel = 'warn';

  app.get(
    '/clients/suggestions/fio',
    {
      config,
      logLevel,
      schema: {
        summary: 'Подсказки ФИО: по частям (parts) и с учётом пола (gender)',
        tags: TAGS,
        querystring: fioSuggestionsQuerySchema,
        response: { 200: fioSuggestionsResponseSchema, ...ERRORS },
      },
    },
    (request) => suggest(request.log, () => provider.fio(request.query)),
  );

  app.get(
    '/address-search',
    {
      config,
      logLevel,
      schema: {
        summary: 'Подсказки адреса (search), с уровнями from_bound/to_bound',
        tags: TAGS,
        querystring: addressSearchQuerySchema,
        response: { 200: addressSuggestionsResponseSchema, ...ERRORS },
      },
    },
    (request) => suggest(request.log, () => provider.address(request.query)),
  );

  app.get(
    '/clients/suggestions/party',
    {
      config,
      logLevel,
      schema: {
        summary: 'Подсказки организаций: по названию, ИНН или ОГРН',
        tags: TAGS,
        querystring: partySuggestionsQuerySchema,
        response: { 200: partySuggestionsResponseSchema, ...ERRORS },
      },
    },
    (request) => suggest(request.log, () => provider.party(request.query)),
  );

  app.get(
    '/clients/suggestions/fms_unit',
    {
      config,
      logLevel,
      schema: {
        summary: 'Подсказки «кем выдан» паспорт: по коду подразделения или названию',
        tags: TAGS,
        querystring: fmsUnitSuggestionsQuerySchema,
        response: { 200: fmsUnitSuggestionsResponseSchema, ...ERRORS },
      },
    },
    (request) => suggest(request.log, () => provider.fmsUnit(request.query)),
  );

  app.get(
    '/clients/suggestions/email',
    {
      config,
      logLevel,
      schema: {
        summary: 'Подсказки e-mail: домены после @',
        tags: TAGS,
        querystring: emailSuggestionsQuerySchema,
        response: { 200: emailSuggestionsResponseSchema, ...ERRORS },
      },
    },
    (request) => suggest(request.log, () => provider.email(request.query)),
  );
};
