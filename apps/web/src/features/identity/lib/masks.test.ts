import { describe, expect, it } from 'vitest';
import { passportStepSchema } from '@zaymo/contract';
import {
  formatDivisionCode,
  formatIncome,
  formatPassport,
  incomeDigits,
  wholeRoubles,
} from './masks';

describe('division code', () => {
  it('formats as 999-999 while typing', () => {
    expect(formatDivisionCode('772')).toBe('772');
    expect(formatDivisionCode('7720')).toBe('772-0');
    expect(formatDivisionCode('772-001')).toBe('772-001');
    expect(formatDivisionCode('7720011')).toBe('772-001');
  });
});

describe('passport', () => {
  it('shows a saved number in the mask shape', () => {
    expect(formatPassport('4506123456')).toBe('45 06 123456');
  });

  it('is sent as ten digits after the contract schema', () => {
    const parsed = passportStepSchema.parse({
      series_number: formatPassport('4506123456'),
      issue_date: '2015-04-01',
      division_code: formatDivisionCode('772001'),
      issued_by: 'ОВД Арбат г. Москвы',
    });
    expect(parsed.series_number).toBe('4506123456');
    expect(parsed.division_code).toBe('772-001');
  });

  it('refuses an unfinished number in Russian', () => {
    const result = passportStepSchema.safeParse({
      series_number: '45 06 12345_',
      issue_date: '2015-04-01',
      division_code: '772-001',
      issued_by: 'ОВД Арбат г. Москвы',
    });
    expect(result.error?.issues[0]?.message).toBe('Серия и номер паспорта — 10 цифр: 99 99 999999');
  });
});

describe('income', () => {
  it('keeps whole roubles as digits and shows thousands apart', () => {
    expect(incomeDigits('45 000 ₽')).toBe('45000');
    expect(incomeDigits('007')).toBe('7');
    expect(incomeDigits('1234567890')).toBe('123456789');
    expect(formatIncome('45000')).toBe('45 000');
    expect(formatIncome('1234567')).toBe('1 234 567');
    expect(formatIncome('999')).toBe('999');
  });

  it('reads a saved «45000.00» as 45000', () => {
    expect(wholeRoubles('45000.00')).toBe('45000');
    expect(wholeRoubles(null)).toBe('');
  });
});
