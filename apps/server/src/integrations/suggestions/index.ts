/**
 * Suggestions integration (decisions §2): DaData adapter + offline sandbox, one interface.
 * Routes parse the query with the contract's schema and hand it to the provider:
 *
 *   const provider = createSuggestionsProvider({ dadataToken: env.DADATA_TOKEN });
 *   const query = fioSuggestionsQuerySchema.parse(request.query);   // 400 on a bad query
 *   return provider.fio(query);                                      // { suggestions: [...] }
 *
 * A SuggestionsUnavailableError (statusCode 503, Russian message) means DaData failed.
 */
export type { SuggestionsProvider } from './provider';
export { SuggestionsUnavailableError } from './provider';
export { OfflineSuggestionsProvider } from './offline/offline-provider';
export {
  DaDataSuggestionsProvider,
  DADATA_DEFAULT_BASE_URL,
  DADATA_TIMEOUT_MS,
  type DaDataOptions,
} from './dadata/dadata-provider';
export { createSuggestionsProvider, type SuggestionsConfig } from './create-provider';
export { isValidInn10, isValidOgrn13 } from './inn';
