import { describe, expect, it } from 'vitest';
import { formatPersonalInn, isValidPersonalInn, personalInnCheckDigits } from './inn';
import { saveInnRequestSchema } from './api/inn';

describe('a personal ИНН’s check digits', () => {
  it.each(['500100732259', '773370857141', '450612345614'])('accepts %s', (inn) => {
    expect(isValidPersonalInn(inn)).toBe(true);
  });

  it('computes both digits from the first ten', () => {
    expect(personalInnCheckDigits('5001007322')).toBe('59');
    expect(personalInnCheckDigits('4506123456')).toBe('14');
  });

  it.each([
    ['the 11th digit wrong', '500100732249'],
    ['the 12th digit wrong', '500100732258'],
    ['a digit of the body wrong', '500100732359'],
    ['two digits swapped', '501000732259'],
    ['ten digits (an organisation’s length)', '7830002293'],
    ['letters', '50010073225A'],
  ])('refuses %s', (_what, inn) => {
    expect(isValidPersonalInn(inn)).toBe(false);
  });

  it('is what the questionnaire’s schema checks, spaces of the mask allowed', () => {
    expect(saveInnRequestSchema.parse({ inn: '5001 0073 2259' })).toEqual({ inn: '500100732259' });
    const wrong = saveInnRequestSchema.safeParse({ inn: '5001 0073 2258' });
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues[0]?.message).toContain('контрольные цифры');
  });

  it('groups the number as the mask shows it', () => {
    expect(formatPersonalInn('500100732259')).toBe('5001 0073 2259');
  });
});
