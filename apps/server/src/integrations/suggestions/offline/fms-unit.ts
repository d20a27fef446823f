import { SUGGESTION_COUNT, type FmsUnitSuggestion } from '@zaymo/contract';
import { compareMatches, matchTokens, tokenize } from '../text';
import { meaningfulQuery } from '../provider';
import { fmsUnitsFile } from './data';

interface FmsEntry {
  readonly suggestion: FmsUnitSuggestion;
  readonly tokens: readonly string[];
  readonly rank: number;
}

function entry(
  [code, name, regionCode, type]: readonly [string, string, string, string],
  rank: number,
): FmsEntry {
  const suggestion: FmsUnitSuggestion = {
    value: name,
    unrestricted_value: name,
    data: { code, name, region_code: regionCode, type },
  };
  // «772-001» is found as «772-0», «7720» and «772 001».
  const tokens = [code.replace('-', ''), ...tokenize(code), ...tokenize(name)];
  return { suggestion, tokens, rank };
}

let entriesCache: FmsEntry[] | undefined;
function entries(): FmsEntry[] {
  return (entriesCache ??= fmsUnitsFile().map(entry));
}

/** Divisions that issue passports, by code («772-0», «772001») or by words of the name. */
export function suggestFmsUnit(query: string): FmsUnitSuggestion[] {
  const text = meaningfulQuery(query);
  if (text === null) return [];
  const compactCode = /^\d{3}-?\d{1,3}$/.test(text) ? [text.replace('-', '')] : null;
  const tokens = compactCode ?? tokenize(text);
  return entries()
    .flatMap((item) => {
      const match = matchTokens(tokens, item.tokens);
      return match === null ? [] : [{ ...match, rank: item.rank, item }];
    })
    .sort(compareMatches)
    .slice(0, SUGGESTION_COUNT)
    .map(({ item }) => item.suggestion);
}
