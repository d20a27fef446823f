import {
  API_ERRORS,
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
} from '@zaymo/contract';

/**
 * The five kinds of suggestions (spec §3). Each method takes the query as the contract's schema
 * parsed it and answers the contract's response shape, at most SUGGESTION_COUNT items. A blank
 * query answers an empty list without calling anyone.
 */
export interface SuggestionsProvider {
  readonly name: 'dadata' | 'offline';
  fio(query: FioSuggestionsQuery): Promise<FioSuggestionsResponse>;
  address(query: AddressSearchQuery): Promise<AddressSuggestionsResponse>;
  party(query: PartySuggestionsQuery): Promise<PartySuggestionsResponse>;
  fmsUnit(query: FmsUnitSuggestionsQuery): Promise<FmsUnitSuggestionsResponse>;
  email(query: EmailSuggestionsQuery): Promise<EmailSuggestionsResponse>;
}

/**
 * The suggestion service did not answer usefully (network, timeout, HTTP error, bad answer).
 * `message` is for the client (Russian); `reason` is for the logs and never holds the token.
 */
export class SuggestionsUnavailableError extends Error {
  readonly code = 'SUGGESTIONS_UNAVAILABLE';
  readonly statusCode = 503;
  readonly reason: string;

  constructor(reason: string, options?: { cause?: unknown }) {
    super(API_ERRORS.SUGGESTIONS_UNAVAILABLE.message, options);
    this.name = 'SuggestionsUnavailableError';
    this.reason = reason;
  }
}

/** Trimmed query text, or null when there is nothing to suggest for. */
export function meaningfulQuery(text: string | undefined): string | null {
  const trimmed = (text ?? '').slice(0, SUGGESTION_QUERY_MAX_LENGTH).trim();
  return trimmed.length > 0 ? trimmed : null;
}
