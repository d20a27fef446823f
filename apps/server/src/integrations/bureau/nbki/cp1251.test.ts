import { describe, expect, it } from 'vitest';
import { parsePercent, parseRoubles, commaRoubles, dotRoubles } from './amounts';
import { decodeCp1251, encodeCp1251 } from './cp1251';
import { dealUidOf, isDealUid } from './deal-uid';
import { kopecks } from '@zaymo/contract';

describe('NBKI encodings', () => {
  it('writes and reads windows-1251 byte for byte', () => {
    const text = 'Ёлкина Анна-Мария «№ 5» — ё';
    const bytes = encodeCp1251(text);
    expect(bytes.length).toBe(text.length);
    expect(bytes[0]).toBe(0xa8);
    expect(bytes.at(-1)).toBe(0xb8);
    expect(decodeCp1251(bytes)).toBe(text);
    expect(decodeCp1251(encodeCp1251('日本'))).toBe('??');
  });

  it('computes the check digit of a deal UID as in NBKI’s own reports', () => {
    // Both from a report NBKI published with its sample answer.
    expect(dealUidOf('c5494e2d-f863-183f-a7fc-db31a0606625')).toBe(
      'c5494e2d-f863-183f-a7fc-db31a0606625-a',
    );
    expect(dealUidOf('7b9f708d-2e6d-11ed-97ff-a5d4cb9d267e')).toBe(
      '7b9f708d-2e6d-11ed-97ff-a5d4cb9d267e-5',
    );
    expect(isDealUid('7b9f708d-2e6d-11ed-97ff-a5d4cb9d267e-5')).toBe(true);
    expect(isDealUid('7b9f708d-2e6d-11ed-97ff-a5d4cb9d267e-6')).toBe(false);
  });

  it('reads sums and percents with a comma and writes them from kopecks', () => {
    expect(parseRoubles('194000,00')).toBe(19_400_000n);
    expect(parseRoubles('0,5')).toBe(50n);
    expect(parseRoubles('12')).toBe(1200n);
    expect(parseRoubles('12,345')).toBeNull();
    expect(parsePercent('13,79')).toBe('13.790');
    expect(parsePercent('292')).toBe('292.000');
    expect(commaRoubles(kopecks(1_000_005n))).toBe('10000,05');
    expect(dotRoubles(kopecks(99n))).toBe('0.99');
  });
});
