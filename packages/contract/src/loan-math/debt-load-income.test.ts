import { describe, expect, it } from 'vitest';
import { kopecks, roubles } from '../money';
import {
  debtLoadPercent,
  incomeForDebtLoad,
  needsDebtLoadNotice,
  regionalAverage,
  type DebtLoadIncomeRules,
} from './debt-load-income';

const row = (stem: string, name: string, income: number) => ({
  stem,
  name,
  income: roubles(income),
});

const rules: DebtLoadIncomeRules = {
  regionalCapFrom: '2026-01-01',
  table: {
    source: 'тест',
    period: 'III квартал 2025 г.',
    national: roubles(73_000),
    regions: [
      row('ямало-ненецк', 'Ямало-Ненецкий автономный округ', 157_700),
      row('ненецк', 'Ненецкий автономный округ', 171_900),
      row('москва', 'г. Москва', 167_400),
      row('алтайск', 'Алтайский край', 47_900),
      row('тыва', 'Республика Тыва', 36_200),
    ],
  },
};

describe('incomeForDebtLoad (6579-У, from 01.01.2026)', () => {
  const declared = roubles(90_000);
  const unconfirmed = { declared, confirmed: false, today: '2026-01-01' };

  it('takes a declared income as it is until 31.12.2025', () => {
    const input = { ...unconfirmed, region: 'Тыва', today: '2025-12-31' };
    expect(incomeForDebtLoad(rules, input)).toEqual({
      income: declared,
      basis: 'declared',
      region: null,
    });
  });

  it('caps an unconfirmed income by the region’s average from 01.01.2026', () => {
    expect(incomeForDebtLoad(rules, { ...unconfirmed, region: 'Респ Тыва' })).toEqual({
      income: roubles(36_200),
      basis: 'regional_average',
      region: 'Республика Тыва',
    });
  });

  it('keeps a declared income below the region’s average, naming the region compared with', () => {
    expect(incomeForDebtLoad(rules, { ...unconfirmed, region: 'Москва' })).toEqual({
      income: declared,
      basis: 'declared',
      region: 'г. Москва',
    });
    const rich = { ...unconfirmed, region: 'г Москва', declared: roubles(200_000) };
    expect(incomeForDebtLoad(rules, rich)).toEqual({
      income: roubles(167_400),
      basis: 'regional_average',
      region: 'г. Москва',
    });
  });

  it('compares an unlisted region, or an address without one, with the country’s average', () => {
    for (const region of ['Респ Дагестан', '', null]) {
      expect(incomeForDebtLoad(rules, { ...unconfirmed, region })).toEqual({
        income: roubles(73_000),
        basis: 'regional_average',
        region: null,
      });
    }
  });

  it('tells subjects apart whose names hold one another', () => {
    const average = (region: string) => regionalAverage(rules.table, region).region;
    expect(average('Ямало-Ненецкий АО')).toBe('Ямало-Ненецкий автономный округ');
    expect(average('Ненецкий АО')).toBe('Ненецкий автономный округ');
    expect(average('Алтайский край')).toBe('Алтайский край');
    expect(average('Респ Алтай')).toBeNull();
    expect(average('Московская обл')).toBeNull();
  });

  it('takes a confirmed income as it is', () => {
    const input = { declared, confirmed: true, region: 'Тыва', today: '2026-11-27' };
    expect(incomeForDebtLoad(rules, input)).toEqual({
      income: declared,
      basis: 'confirmed',
      region: null,
    });
  });

  it('flips the notice for a client in a low-income region who would not get it in Moscow', () => {
    const payments = roubles(24_000);
    const income = (region: string) =>
      incomeForDebtLoad(rules, { ...unconfirmed, declared: roubles(60_000), region }).income;
    expect(debtLoadPercent(payments, income('Москва'))).toBe('40.00');
    expect(needsDebtLoadNotice(payments, income('Москва'), 50)).toBe(false);
    expect(debtLoadPercent(payments, income('Тыва'))).toBe('66.30');
    expect(needsDebtLoadNotice(payments, income('Тыва'), 50)).toBe(true);
  });
});

describe('the ПДН notice (353-ФЗ ст. 5.1)', () => {
  it('is not needed at exactly 50 %, and is above it', () => {
    expect(needsDebtLoadNotice(roubles(50_000), roubles(100_000), 50)).toBe(false);
    expect(needsDebtLoadNotice(kopecks(roubles(50_000) + 1n), roubles(100_000), 50)).toBe(true);
  });

  it('writes the percent with two decimals, rounded half up', () => {
    expect(debtLoadPercent(roubles(50_000), roubles(100_000))).toBe('50.00');
    expect(debtLoadPercent(roubles(12_400), roubles(20_000))).toBe('62.00');
    expect(debtLoadPercent(roubles(1), roubles(3))).toBe('33.33');
    expect(debtLoadPercent(roubles(2), roubles(3))).toBe('66.67');
  });
});
