import { describe, expect, it } from 'vitest';
import { passportStepSchema } from '@zaymo/contract';
import {
  dateFieldValue,
  displayDateToIso,
  formatByMask,
  formatDivisionCode,
  formatIncome,
  formatPassport,
  incomeDigits,
  isoToDisplayDate,
  wholeRoubles,
} from './masks';

describe('formatByMask', () => {
  it('puts digits into the slots and stops where they end', () => {
    expect(formatByMask('99 99 999999', '4506123456')).toBe('45 06 123456');
    expect(formatByMask('99 99 999999', '450')).toBe('45 0');
    expect(formatByMask('999-999', '')).toBe('');
  });

  it('drops everything but digits and anything beyond the mask', () => {
    expect(formatByMask('999-999', 'a7-7_2 0019')).toBe('772-001');
  });
});

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

describe('dates', () => {
  it('turns ДД.ММ.ГГГГ into YYYY-MM-DD', () => {
    expect(displayDateToIso('15.03.1990')).toBe('1990-03-15');
    expect(displayDateToIso('29.02.2000')).toBe('2000-02-29');
  });

  it('refuses dates that are not on the calendar or not finished', () => {
    expect(displayDateToIso('31.02.1990')).toBeNull();
    expect(displayDateToIso('29.02.2001')).toBeNull();
    expect(displayDateToIso('15.13.1990')).toBeNull();
    expect(displayDateToIso('15.03.19__')).toBeNull();
  });

  it('shows a saved date as ДД.ММ.ГГГГ', () => {
    expect(isoToDisplayDate('1990-03-15')).toBe('15.03.1990');
    expect(isoToDisplayDate(undefined)).toBe('');
    expect(isoToDisplayDate('15.03.19__')).toBe('15.03.19__');
  });

  it('keeps for the form: the ISO date, nothing for an empty field, else the text', () => {
    expect(dateFieldValue('15.03.1990')).toBe('1990-03-15');
    expect(dateFieldValue('__.__.____')).toBeUndefined();
    expect(dateFieldValue('')).toBeUndefined();
    expect(dateFieldValue('15.03.19__')).toBe('15.03.19__');
    expect(dateFieldValue('15031990')).toBe('1990-03-15');
    expect(dateFieldValue('31021990')).toBe('31021990');
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
