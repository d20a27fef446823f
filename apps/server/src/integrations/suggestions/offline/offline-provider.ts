import type {
  AddressSearchQuery,
  AddressSuggestionsResponse,
  EmailSuggestionsQuery,
  EmailSuggestionsResponse,
  FioSuggestionsQuery,
  FioSuggestionsResponse,
  FmsUnitSuggestionsQuery,
  FmsUnitSuggestionsResponse,
  PartySuggestionsQuery,
  PartySuggestionsResponse,
} from '@zaymo/contract';
import { meaningfulQuery, type SuggestionsProvider } from '../provider';
import { suggestAddress } from './address';
import { suggestEmail } from './email';
import { suggestFio } from './fio';
import { suggestFmsUnit } from './fms-unit';
import { suggestParty } from './party';

/** Copies, so a caller changing an answer never changes the bundled data. */
function answer<T>(suggestions: T[]): Promise<{ suggestions: T[] }> {
  return Promise.resolve({ suggestions: structuredClone(suggestions) });
}

/**
 * The sandbox provider (decisions §2): DaData's answers computed locally over the bundled
 * data in ../data — Russian names with gender, FMS divisions, addresses of five cities down to
 * houses and flats, companies, e-mail domains.
 */
export class OfflineSuggestionsProvider implements SuggestionsProvider {
  readonly name = 'offline';

  fio(query: FioSuggestionsQuery): Promise<FioSuggestionsResponse> {
    return answer(meaningfulQuery(query.query) === null ? [] : suggestFio(query));
  }

  address(query: AddressSearchQuery): Promise<AddressSuggestionsResponse> {
    return answer(suggestAddress(query));
  }

  party(query: PartySuggestionsQuery): Promise<PartySuggestionsResponse> {
    return answer(suggestParty(query.query));
  }

  fmsUnit(query: FmsUnitSuggestionsQuery): Promise<FmsUnitSuggestionsResponse> {
    return answer(suggestFmsUnit(query.query));
  }

  email(query: EmailSuggestionsQuery): Promise<EmailSuggestionsResponse> {
    return answer(suggestEmail(query.query));
  }
}
