import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config';
import { AppError } from '../errors';
import type { RoutePlugin } from '../http/route-plugin';
import {
  createSuggestionsProvider,
  SuggestionsUnavailableError,
  type SuggestionsProvider,
} from '../integrations/suggestions';
import { route } from '../http/route';

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
    throw new AppError('SUGGESTIONS_UNAVAILABLE');
  }
}

/**
 * Suggestions for the identity steps (spec §3, §9: five results): DaData when DADATA_TOKEN is
 * set, the offline provider over bundled data otherwise. Signed-in clients only: every DaData
 * request is paid for.
 */
export const suggestionsRoutes: RoutePlugin = async (app, { ctx }) => {
  const provider = providerFor(ctx.config);
  // The queries are personal data (names, addresses) typed letter by letter: no access lines
  // with them in the URL. Failures still log at warn and error.
  const quiet = { logLevel: 'warn' } as const;

  route(
    app,
    'GET /clients/suggestions/fio',
    (request) => suggest(request.log, () => provider.fio(request.query)),
    quiet,
  );

  route(
    app,
    'GET /address-search',
    (request) => suggest(request.log, () => provider.address(request.query)),
    quiet,
  );

  route(
    app,
    'GET /clients/suggestions/party',
    (request) => suggest(request.log, () => provider.party(request.query)),
    quiet,
  );

  route(
    app,
    'GET /clients/suggestions/fms_unit',
    (request) => suggest(request.log, () => provider.fmsUnit(request.query)),
    quiet,
  );

  route(
    app,
    'GET /clients/suggestions/email',
    (request) => suggest(request.log, () => provider.email(request.query)),
    quiet,
  );
};
