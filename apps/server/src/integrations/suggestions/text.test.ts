import { describe, expect, it } from 'vitest';
import { capitalizeName, compareMatches, matchTokens, normalizeText, tokenize } from './text';
import { isValidInn10, isValidOgrn13, innCheckDigit } from './inn';

describe('text matching', () => {
  it('folds case and ё', () => {
    expect(normalizeText('Королёв ЁЛКИН')).toBe('королев елкин');
  });

  it('splits an address into words', () => {
    expect(tokenize('г Москва, ул 1-я Тверская-Ямская, д 2/1')).toEqual([
      'г',
      'москва',
      'ул',
      '1',
      'я',
      'тверская',
      'ямская',
      'д',
      '2',
      '1',
    ]);
  });

  it('needs every query word to begin a different word of the entry', () => {
    expect(matchTokens(['тв', 'моск'], ['г', 'москва', 'ул', 'тверская'])).toEqual({
      exact: 0,
      extra: 2,
    });
    expect(matchTokens(['москва', 'москва'], ['г', 'москва'])).toBeNull();
    expect(matchTokens(['питер'], ['г', 'москва'])).toBeNull();
  });

  it('pairs exact words first and counts only the shown words as extra', () => {
    expect(matchTokens(['1'], ['10', '1'])).toEqual({ exact: 1, extra: 1 });
    expect(matchTokens(['ленина'], ['ул', 'ленина', 'новосибирская', 'обл'], 2)).toEqual({
      exact: 1,
      extra: 1,
    });
  });

  it('ranks exact words, then fewer extra words, then the entry order', () => {
    const ranked = [
      { exact: 0, extra: 0, rank: 0 },
      { exact: 1, extra: 5, rank: 3 },
      { exact: 1, extra: 2, rank: 9 },
      { exact: 1, extra: 2, rank: 1 },
    ].sort(compareMatches);
    expect(ranked.map((item) => item.rank)).toEqual([1, 9, 3, 0]);
  });

  it('capitalizes typed names', () => {
    expect(capitalizeName('иВАНОВ-петров')).toBe('Иванов-Петров');
  });
});

describe('ИНН and ОГРН check digits', () => {
  it('accepts real numbers and rejects a changed digit', () => {
    expect(isValidInn10('7707083893')).toBe(true);
    expect(isValidInn10('7707083894')).toBe(false);
    expect(isValidInn10('770708389')).toBe(false);
    expect(isValidOgrn13('1027700132195')).toBe(true);
    expect(isValidOgrn13('1027700132196')).toBe(false);
    expect(innCheckDigit('773605000')).toBe(3);
  });
});
