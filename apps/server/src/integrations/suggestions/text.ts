/** Text matching shared by the offline suggestions: case-, ё/е- and punctuation-insensitive. */

export function normalizeText(text: string): string {
  return text.toLowerCase().replaceAll('ё', 'е');
}

/** Words of a text: letters and digits, lower case, ё as е («ул 1-я Тверская» → ул, 1, я, …). */
export function tokenize(text: string): string[] {
  return normalizeText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((token) => token.length > 0);
}

export interface TokenMatch {
  /** Query words equal to a word of the entry. */
  readonly exact: number;
  /** Words of the entry (of its first `counted` words) no query word matched. */
  readonly extra: number;
}

/**
 * Every query word must begin a different word of the entry (exact words are paired first).
 * Returns null when a query word matches nothing. Only the first `counted` words of the entry
 * count as unmatched (the rest are context such as the region of a regional capital).
 */
export function matchTokens(
  query: readonly string[],
  entry: readonly string[],
  counted = entry.length,
): TokenMatch | null {
  const used = new Set<number>();
  let exact = 0;
  for (const word of query) {
    const index = findWord(word, entry, used);
    if (index < 0) return null;
    used.add(index);
    if (entry[index] === word) exact += 1;
  }
  const matchedCounted = [...used].filter((index) => index < counted).length;
  return { exact, extra: counted - matchedCounted };
}

function findWord(word: string, entry: readonly string[], used: ReadonlySet<number>): number {
  const free = (index: number): boolean => !used.has(index);
  const exact = entry.findIndex((token, index) => free(index) && token === word);
  if (exact >= 0) return exact;
  return entry.findIndex((token, index) => free(index) && token.startsWith(word));
}

/** Best first: more exact words, fewer unmatched words, then the entry's own rank. */
export function compareMatches(
  a: TokenMatch & { readonly rank: number },
  b: TokenMatch & { readonly rank: number },
): number {
  return b.exact - a.exact || a.extra - b.extra || a.rank - b.rank;
}

/** «иванов» → «Иванов», «анна-мария» → «Анна-Мария». */
export function capitalizeName(word: string): string {
  return word
    .toLowerCase()
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('-');
}
