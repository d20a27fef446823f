import { describe, expect, it } from 'vitest';
import {
  DATE_FORMAT_ERROR,
  dateError,
  dateFieldValue,
  displayDateToIso,
  formatByMask,
  isIsoDate,
  isoToDisplayDate,
} from './date-field-text';

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

  it('knows an API date from the rest', () => {
    expect(isIsoDate('2026-11-27')).toBe(true);
    expect(isIsoDate('2026-02-30')).toBe(false);
    expect(isIsoDate('27.11.2026')).toBe(false);
    expect(isIsoDate(undefined)).toBe(false);
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

describe('dateError', () => {
  it('asks for a required date, lets an optional one be empty and refuses a wrong day', () => {
    expect(dateError(undefined, true)).toBe('Укажите дату');
    expect(dateError(undefined, false)).toBeUndefined();
    expect(dateError('2026-12-01', true)).toBeUndefined();
    expect(dateError('15.03.19__', false)).toBe(DATE_FORMAT_ERROR);
    expect(dateError('31021990', true)).toBe(DATE_FORMAT_ERROR);
  });
});
