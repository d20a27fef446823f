import {
  FIO_PARTS,
  SUGGESTION_COUNT,
  SUGGESTION_QUERY_MAX_LENGTH,
  type FioData,
  type FioPart,
  type FioSuggestion,
  type FioSuggestionsQuery,
  type SuggestionGender,
} from '@zaymo/contract';
import { capitalizeName, normalizeText } from '../text';
import type { FioFile } from '../data/types';
import { fioFile } from './data';

interface FioEntry {
  readonly text: string;
  readonly norm: string;
  readonly part: FioPart;
  readonly gender: SuggestionGender;
  /** Popularity within its own list, 0 = most common. */
  readonly rank: number;
}

interface FixedWord {
  readonly part: FioPart;
  readonly text: string;
  readonly gender: SuggestionGender;
}

const GENDER_ORDER: readonly SuggestionGender[] = ['MALE', 'FEMALE', 'UNKNOWN'];
/** Orders in which people type a name when parts are not given. */
const WORD_ORDERS: readonly (readonly FioPart[])[] = [
  ['SURNAME', 'NAME', 'PATRONYMIC'],
  ['NAME', 'PATRONYMIC', 'SURNAME'],
  ['NAME', 'SURNAME', 'PATRONYMIC'],
];

function entry(text: string, part: FioPart, gender: SuggestionGender, rank: number): FioEntry {
  return { text, norm: normalizeText(text), part, gender, rank };
}

function buildDictionary(file: FioFile): FioEntry[] {
  const surnames = file.surnames.flatMap(([male, female], rank) =>
    female === null
      ? [entry(male, 'SURNAME', 'UNKNOWN', rank)]
      : [entry(male, 'SURNAME', 'MALE', rank), entry(female, 'SURNAME', 'FEMALE', rank)],
  );
  const males = file.names.filter(([, gender]) => gender === 'M');
  const females = file.names.filter(([, gender]) => gender === 'F');
  const names = [
    ...males.map(([name], rank) => entry(name, 'NAME', 'MALE', rank)),
    ...females.map(([name], rank) => entry(name, 'NAME', 'FEMALE', rank)),
  ];
  const patronymics = file.patronymics.flatMap(([male, female], rank) => [
    entry(male, 'PATRONYMIC', 'MALE', rank),
    entry(female, 'PATRONYMIC', 'FEMALE', rank),
  ]);
  return [...surnames, ...names, ...patronymics];
}

let dictionaryCache: FioEntry[] | undefined;
function dictionary(): FioEntry[] {
  return (dictionaryCache ??= buildDictionary(fioFile()));
}

function genderAllows(filter: SuggestionGender | undefined, gender: SuggestionGender): boolean {
  return filter === undefined || filter === 'UNKNOWN' || gender === 'UNKNOWN' || gender === filter;
}

function compareEntries(prefix: string) {
  return (a: FioEntry, b: FioEntry): number =>
    Number(b.norm === prefix) - Number(a.norm === prefix) ||
    a.rank - b.rank ||
    FIO_PARTS.indexOf(a.part) - FIO_PARTS.indexOf(b.part) ||
    GENDER_ORDER.indexOf(a.gender) - GENDER_ORDER.indexOf(b.gender);
}

/** Dictionary words of the given parts beginning with `prefix`, best first. */
export function completeWord(
  prefix: string,
  parts: readonly FioPart[],
  gender: SuggestionGender | undefined,
): FioEntry[] {
  const norm = normalizeText(prefix);
  return dictionary()
    .filter((item) => parts.includes(item.part) && item.norm.startsWith(norm))
    .filter((item) => genderAllows(gender, item.gender))
    .sort(compareEntries(norm));
}

/** Gender by the ending of a word not in the dictionary (Зюзюкин, Зюзюкина, …вич, …вна). */
function genderByEnding(norm: string, part: FioPart): SuggestionGender {
  if (part === 'NAME') return 'UNKNOWN';
  if (/(ова|ева|ина|ына|ская|цкая|вна|чна)$/.test(norm)) return 'FEMALE';
  if (/(ов|ев|ин|ын|ский|цкий|вич|ич)$/.test(norm)) return 'MALE';
  return 'UNKNOWN';
}

function fixWord(word: string, part: FioPart): FixedWord & { known: boolean } {
  const norm = normalizeText(word);
  const known = dictionary().filter((item) => item.part === part && item.norm === norm);
  const first = known[0];
  if (first === undefined) {
    return { part, text: capitalizeName(word), gender: genderByEnding(norm, part), known: false };
  }
  const genders = new Set(known.map((item) => item.gender));
  const gender = genders.size === 1 ? first.gender : 'UNKNOWN';
  return { part, text: first.text, gender, known: true };
}

function bestOrder(words: readonly string[], orders: readonly (readonly FioPart[])[]): FioPart[] {
  let best: readonly FioPart[] = orders[0] ?? FIO_PARTS;
  let bestScore = -1;
  for (const order of orders) {
    const score = words.filter((word, index) => {
      const part = order[index];
      return part !== undefined && fixWord(word, part).known;
    }).length;
    if (score > bestScore) [best, bestScore] = [order, score];
  }
  return [...best];
}

function inferredGender(
  fixed: readonly FixedWord[],
  filter: SuggestionGender | undefined,
): SuggestionGender | undefined {
  if (filter === 'MALE' || filter === 'FEMALE') return filter;
  return fixed.find((word) => word.gender !== 'UNKNOWN')?.gender;
}

function toSuggestion(words: readonly FixedWord[], gender: SuggestionGender): FioSuggestion {
  const data: FioData = { surname: null, name: null, patronymic: null, gender };
  for (const word of words) {
    if (word.part === 'SURNAME') data.surname = word.text;
    if (word.part === 'NAME') data.name = word.text;
    if (word.part === 'PATRONYMIC') data.patronymic = word.text;
  }
  const value = words.map((word) => word.text).join(' ');
  return { value, unrestricted_value: value, data };
}

interface ParsedFioQuery {
  readonly complete: string[];
  readonly prefix: string;
}

/** «Иванов Ив» → complete [Иванов], prefix «Ив»; «Иванов » → complete [Иванов], prefix «». */
export function parseFioQuery(raw: string): ParsedFioQuery | null {
  const words = raw.split(/[\s,]+/).filter((word) => word.length > 0);
  if (words.length === 0 || words.length > FIO_PARTS.length) return null;
  if (/\s$/.test(raw) && words.length < FIO_PARTS.length) return { complete: words, prefix: '' };
  return { complete: words.slice(0, -1), prefix: words[words.length - 1] ?? '' };
}

export function suggestFio(query: FioSuggestionsQuery): FioSuggestion[] {
  const parsed = parseFioQuery(query.query.slice(0, SUGGESTION_QUERY_MAX_LENGTH));
  if (parsed === null) return [];
  const orders = query.parts ? [query.parts] : WORD_ORDERS;
  const order = bestOrder(parsed.complete, orders);
  const nextPart = order[parsed.complete.length];
  if (nextPart === undefined) return [];
  const fixed = parsed.complete.map((word, index) => fixWord(word, order[index] ?? 'SURNAME'));
  const gender = inferredGender(fixed, query.gender);
  const parts = fixed.length === 0 ? (query.parts ?? FIO_PARTS) : [nextPart];
  return completeWord(parsed.prefix, parts, gender)
    .slice(0, SUGGESTION_COUNT)
    .map((item) => {
      const definite = item.gender === 'UNKNOWN' ? gender : item.gender;
      return toSuggestion([...fixed, item], definite ?? 'UNKNOWN');
    });
}
