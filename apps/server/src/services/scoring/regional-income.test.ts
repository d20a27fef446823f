import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findRegionRow, regionalAverage, roubles } from '@zaymo/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import builtIn from './regional-income.json' with { type: 'json' };
import { loadRegionalIncome, type RegionalIncomeFile } from './regional-income';

const table = loadRegionalIncome(undefined);

describe('the built-in table of regional average incomes (Росстат)', () => {
  it('names its source and period, and the country’s figure for unlisted regions', () => {
    expect(table.source).toContain('Росстат');
    expect(table.source).toContain('2025-12-15');
    expect(table.period).toBe('III квартал 2025 г.');
    expect(table.national).toBe(roubles(73_000));
  });

  it('finds every listed subject by its own name: no earlier stem swallows a later one', () => {
    for (const row of table.regions) {
      expect(findRegionRow(table.regions, row.name)?.name, row.name).toBe(row.name);
    }
  });

  it('reads the region as an address writes it', () => {
    const names: Record<string, string | null> = {
      'Респ Тыва': 'Республика Тыва',
      'Ханты-Мансийский Автономный округ - Югра': 'Ханты-Мансийский автономный округ — Югра',
      'Ямало-Ненецкий АО': 'Ямало-Ненецкий автономный округ',
      'Ненецкий АО': 'Ненецкий автономный округ',
      'Респ Северная Осетия - Алания': 'Республика Северная Осетия — Алания',
      'Алтайский край': 'Алтайский край',
      'Респ Алтай': null,
      'Московская обл': null,
      'г Москва': 'г. Москва',
    };
    for (const [region, name] of Object.entries(names)) {
      expect(regionalAverage(table, region).region, region).toBe(name);
    }
  });
});

describe('PDN_REGIONAL_INCOME_FILE', () => {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'zaymo-income-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  const write = (name: string, content: unknown) => {
    writeFileSync(path.join(folder, name), JSON.stringify(content));
    return name;
  };

  const tableOf = (file: string) =>
    loadConfig({ NODE_ENV: 'test', PDN_REGIONAL_INCOME_FILE: file }, folder).loans.scoring
      .debtLoadIncome.table;

  it('replaces the built-in table, relative to the working folder', () => {
    const own: RegionalIncomeFile = {
      ...builtIn,
      period: '2025 г.',
      national: { roubles: 70_000, read_in: 'Росстат' },
      regions: [
        { stem: 'дагестан', name: 'Республика Дагестан', roubles: 40_000, read_in: 'Росстат' },
      ],
    };
    const replaced = tableOf(write('own.json', own));
    expect(replaced.period).toBe('2025 г.');
    expect(regionalAverage(replaced, 'Респ Дагестан')).toEqual({
      income: roubles(40_000),
      region: 'Республика Дагестан',
    });
    expect(regionalAverage(replaced, 'Респ Тыва')).toEqual({
      income: roubles(70_000),
      region: null,
    });
  });

  it('refuses a file that is not such a table, naming the setting', () => {
    const broken = write('broken.json', { ...builtIn, regions: [{ stem: 'Тыва', roubles: -1 }] });
    expect(() => tableOf(broken)).toThrow(ConfigError);
    expect(() => tableOf(broken)).toThrow(/PDN_REGIONAL_INCOME_FILE/);
    expect(() => tableOf('missing.json')).toThrow(/PDN_REGIONAL_INCOME_FILE: файл missing\.json/);
  });
});
