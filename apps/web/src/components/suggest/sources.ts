import {
  type AddressSuggestion,
  type EmailSuggestion,
  type FioPart,
  type FioSuggestion,
  type FmsUnitSuggestion,
  type PartySuggestion,
  type SuggestionGender,
} from '@zaymo/contract';
import { api } from '@/lib/api-client';

/** Any suggestion of the contract: what is shown and put into the field, plus its data. */
export type Suggestion = { value: string; unrestricted_value: string; data: unknown };

/** Where a combobox gets its suggestions. A new `key` means a different question. */
export type SuggestionSource<T extends Suggestion> = {
  key: string;
  fetch: (query: string, signal: AbortSignal) => Promise<T[]>;
};

/** Names by part (spec §3); a known gender narrows them. */
export function fioSource(
  part: FioPart,
  gender?: SuggestionGender | null,
): SuggestionSource<FioSuggestion> {
  return {
    key: `fio:${part}:${gender ?? ''}`,
    fetch: async (query, signal) => {
      const answer = await api.get('/clients/suggestions/fio', {
        query: { query, parts: part, gender: gender ?? undefined },
        signal,
      });
      return answer.suggestions;
    },
  };
}

/** Addresses from the region down to the flat (no bounds: every level). */
export const addressSource: SuggestionSource<AddressSuggestion> = {
  key: 'address',
  fetch: async (search, signal) => {
    const answer = await api.get('/address-search', {
      query: { search },
      signal,
    });
    return answer.suggestions;
  },
};

/** Companies by name, ИНН or ОГРН. */
export const partySource: SuggestionSource<PartySuggestion> = {
  key: 'party',
  fetch: async (query, signal) => {
    const answer = await api.get('/clients/suggestions/party', {
      query: { query },
      signal,
    });
    return answer.suggestions;
  },
};

/** Passport offices by division code («772-0») or name. */
export const fmsUnitSource: SuggestionSource<FmsUnitSuggestion> = {
  key: 'fms_unit',
  fetch: async (query, signal) => {
    const answer = await api.get('/clients/suggestions/fms_unit', {
      query: { query },
      signal,
    });
    return answer.suggestions;
  },
};

/** E-mail addresses completed with common domains. */
export const emailSource: SuggestionSource<EmailSuggestion> = {
  key: 'email',
  fetch: async (query, signal) => {
    const answer = await api.get('/clients/suggestions/email', {
      query: { query },
      signal,
    });
    return answer.suggestions;
  },
};
