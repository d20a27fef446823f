import { DaDataSuggestionsProvider } from './dadata/dadata-provider';
import { OfflineSuggestionsProvider } from './offline/offline-provider';
import type { SuggestionsProvider } from './provider';

export interface SuggestionsConfig {
  /** DaData API key; without it the offline sandbox answers. */
  readonly dadataToken?: string;
  readonly dadataBaseUrl?: string;
  readonly timeoutMs?: number;
  readonly fetch?: typeof fetch;
}

/** DaData when a token is configured, else the offline provider over the bundled data. */
export function createSuggestionsProvider(config: SuggestionsConfig = {}): SuggestionsProvider {
  const token = config.dadataToken?.trim();
  if (!token) return new OfflineSuggestionsProvider();
  return new DaDataSuggestionsProvider({
    token,
    ...(config.dadataBaseUrl ? { baseUrl: config.dadataBaseUrl } : {}),
    ...(config.timeoutMs ? { timeoutMs: config.timeoutMs } : {}),
    ...(config.fetch ? { fetch: config.fetch } : {}),
  });
}
