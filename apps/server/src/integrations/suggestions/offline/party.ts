import { SUGGESTION_COUNT, type PartyData, type PartySuggestion } from '@zaymo/contract';
import { compareMatches, matchTokens, normalizeText, tokenize } from '../text';
import { meaningfulQuery } from '../provider';
import { companiesFile } from './data';

interface PartyEntry {
  readonly data: PartyData;
  readonly tokens: readonly string[];
  /** The short name without its legal form, for «the name starts with the query». */
  readonly name: string;
  readonly rank: number;
}

function entry(data: PartyData, rank: number): PartyEntry {
  const short = data.name.short_with_opf ?? data.name.full_with_opf;
  const searchable = [short, data.name.full_with_opf, data.inn, data.ogrn ?? '', data.kpp ?? ''];
  const name = normalizeText(short.replace(/^\S+\s+/, '').replaceAll('"', ''));
  return { data, tokens: [...new Set(tokenize(searchable.join(' ')))], name, rank };
}

let entriesCache: PartyEntry[] | undefined;
function entries(): PartyEntry[] {
  return (entriesCache ??= companiesFile().map(entry));
}

function toSuggestion(data: PartyData): PartySuggestion {
  const value = data.name.short_with_opf ?? data.name.full_with_opf;
  return { value, unrestricted_value: value, data };
}

/** Companies by name, ИНН, ОГРН or КПП (any of them by prefix), active ones first. */
export function suggestParty(query: string): PartySuggestion[] {
  const text = meaningfulQuery(query);
  if (text === null) return [];
  const tokens = tokenize(text);
  const start = normalizeText(text).replaceAll('"', '');
  return entries()
    .flatMap((item) => {
      const match = matchTokens(tokens, item.tokens);
      return match === null ? [] : [{ ...match, rank: item.rank, item }];
    })
    .sort(
      (a, b) =>
        Number(b.item.name.startsWith(start)) - Number(a.item.name.startsWith(start)) ||
        Number(a.item.data.state?.status !== 'ACTIVE') -
          Number(b.item.data.state?.status !== 'ACTIVE') ||
        compareMatches(a, b),
    )
    .slice(0, SUGGESTION_COUNT)
    .map(({ item }) => toSuggestion(item.data));
}
