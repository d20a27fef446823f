import type { z } from 'zod';
import {
  SUGGESTION_COUNT,
  SUGGESTION_QUERY_MAX_LENGTH,
  type AddressSearchQuery,
  type AddressSuggestionsResponse,
  type EmailSuggestionsQuery,
  type EmailSuggestionsResponse,
  type FioSuggestionsQuery,
  type FioSuggestionsResponse,
  type FmsUnitSuggestionsQuery,
  type FmsUnitSuggestionsResponse,
  type PartySuggestionsQuery,
  type PartySuggestionsResponse,
  type SuggestionKind,
} from '@zaymo/contract';
import {
  meaningfulQuery,
  SuggestionsUnavailableError,
  type SuggestionsProvider,
} from '../provider';
import { dadataBounds } from './bounds';
import {
  dadataAddressData,
  dadataAnswer,
  dadataEmailData,
  dadataFioData,
  dadataFmsUnitData,
  dadataPartyData,
} from './wire';

export const DADATA_DEFAULT_BASE_URL = 'https://suggestions.dadata.ru';
export const DADATA_TIMEOUT_MS = 5000;

export interface DaDataOptions {
  readonly token: string;
  /** Without the path: `https://suggestions.dadata.ru` or a standalone server. */
  readonly baseUrl?: string;
  readonly timeoutMs?: number;
  readonly fetch?: typeof fetch;
}

type Body = Record<string, unknown> & { query: string };

/** DaData «Подсказки» API 4_1: POST …/suggestions/api/4_1/rs/suggest/{kind}, `Token` auth. */
export class DaDataSuggestionsProvider implements SuggestionsProvider {
  readonly name = 'dadata';
  private readonly baseUrl: string;
  private readonly timeoutMs: number;
  private readonly fetchImpl: typeof fetch;

  constructor(private readonly options: DaDataOptions) {
    this.baseUrl = (options.baseUrl ?? DADATA_DEFAULT_BASE_URL).replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? DADATA_TIMEOUT_MS;
    this.fetchImpl = options.fetch ?? fetch;
  }

  fio(query: FioSuggestionsQuery): Promise<FioSuggestionsResponse> {
    const extra = {
      ...(query.parts ? { parts: query.parts } : {}),
      ...(query.gender ? { gender: query.gender } : {}),
    };
    return this.suggest('fio', query.query, extra, dadataAnswer(dadataFioData));
  }

  address(query: AddressSearchQuery): Promise<AddressSuggestionsResponse> {
    return this.suggest(
      'address',
      query.search,
      dadataBounds(query),
      dadataAnswer(dadataAddressData),
    );
  }

  party(query: PartySuggestionsQuery): Promise<PartySuggestionsResponse> {
    return this.suggest('party', query.query, {}, dadataAnswer(dadataPartyData));
  }

  fmsUnit(query: FmsUnitSuggestionsQuery): Promise<FmsUnitSuggestionsResponse> {
    return this.suggest('fms_unit', query.query, {}, dadataAnswer(dadataFmsUnitData));
  }

  email(query: EmailSuggestionsQuery): Promise<EmailSuggestionsResponse> {
    return this.suggest('email', query.query, {}, dadataAnswer(dadataEmailData));
  }

  private async suggest<S extends z.ZodType<{ suggestions: unknown[] }>>(
    kind: SuggestionKind,
    rawQuery: string,
    extra: Record<string, unknown>,
    schema: S,
  ): Promise<z.output<S>> {
    // fio keeps a trailing space: «Иванов » asks for names after the surname.
    const query =
      meaningfulQuery(rawQuery) === null
        ? null
        : rawQuery.slice(0, SUGGESTION_QUERY_MAX_LENGTH).trimStart();
    if (query === null) return schema.parse({ suggestions: [] });
    const json = await this.post(kind, { query, count: SUGGESTION_COUNT, ...extra });
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new SuggestionsUnavailableError(`DaData ${kind}: unexpected answer`);
    return { ...parsed.data, suggestions: parsed.data.suggestions.slice(0, SUGGESTION_COUNT) };
  }

  private async post(kind: SuggestionKind, body: Body): Promise<unknown> {
    const url = `${this.baseUrl}/suggestions/api/4_1/rs/suggest/${kind}`;
    try {
      const response = await this.fetchImpl(url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json',
          Authorization: `Token ${this.options.token}`,
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      if (!response.ok) {
        await response.body?.cancel();
        throw new SuggestionsUnavailableError(`DaData ${kind}: HTTP ${response.status}`);
      }
      return (await response.json()) as unknown;
    } catch (error) {
      if (error instanceof SuggestionsUnavailableError) throw error;
      throw new SuggestionsUnavailableError(`DaData ${kind}: ${describe(error)}`, { cause: error });
    }
  }
}

function describe(error: unknown): string {
  if (error instanceof Error && error.name === 'TimeoutError') return 'timeout';
  return error instanceof Error ? error.name : 'request failed';
}
