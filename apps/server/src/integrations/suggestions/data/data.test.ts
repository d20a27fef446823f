import { readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isValidInn10, isValidOgrn13 } from '../inn';
import { buildAll, feminineSurname, houseNumbers, patronymics } from './build-data';
import {
  addressesFileSchema,
  companiesFileSchema,
  fioFileSchema,
  fmsUnitsFileSchema,
} from './types';

const FILES = [
  'fio.json',
  'fms-units.json',
  'addresses.json',
  'companies.json',
  'email-domains.json',
];

function readJson(name: string): unknown {
  return JSON.parse(readFileSync(fileURLToPath(new URL(`./${name}`, import.meta.url)), 'utf8'));
}

function fileSize(name: string): number {
  return statSync(fileURLToPath(new URL(`./${name}`, import.meta.url))).size;
}

describe('bundled suggestion data', () => {
  it('is what build-data.ts makes from the hand-written lists (run it after editing them)', () => {
    const built = buildAll();
    for (const name of FILES) expect(readJson(name), name).toEqual(built[name]);
  });

  it('stays under 2 MB in total', () => {
    const total = FILES.reduce((sum, name) => sum + fileSize(name), 0);
    expect(total).toBeLessThan(2 * 1024 * 1024);
  });

  it('has the promised amounts', () => {
    const fio = fioFileSchema.parse(readJson('fio.json'));
    expect(fio.surnames.length).toBeGreaterThanOrEqual(300);
    expect(fio.names.length).toBeGreaterThanOrEqual(150);
    expect(fio.patronymics.length).toBe(fio.names.filter(([, g]) => g === 'M').length);
    expect(fmsUnitsFileSchema.parse(readJson('fms-units.json')).length).toBeGreaterThanOrEqual(200);
    expect(companiesFileSchema.parse(readJson('companies.json')).length).toBeGreaterThanOrEqual(
      100,
    );
    const addresses = addressesFileSchema.parse(readJson('addresses.json'));
    const cities = addresses.cities.map((city) => city.city ?? city.region);
    expect(cities).toEqual([
      'г Москва',
      'г Санкт-Петербург',
      'г Новосибирск',
      'г Екатеринбург',
      'г Казань',
    ]);
    for (const city of addresses.cities)
      expect(city.streets.length, city.region).toBeGreaterThanOrEqual(20);
  });

  it('gives every company a valid, unique 10-digit ИНН and a valid ОГРН', () => {
    const companies = companiesFileSchema.parse(readJson('companies.json'));
    for (const company of companies) {
      expect(isValidInn10(company.inn), `${company.name.full_with_opf} ${company.inn}`).toBe(true);
      expect(
        isValidOgrn13(company.ogrn ?? ''),
        `${company.name.full_with_opf} ${company.ogrn}`,
      ).toBe(true);
      expect(company.kpp).toMatch(/^\d{4}01001$/);
    }
    expect(new Set(companies.map((company) => company.inn)).size).toBe(companies.length);
  });

  it('keeps real registration numbers of well-known companies', () => {
    const companies = companiesFileSchema.parse(readJson('companies.json'));
    const byInn = new Map(companies.map((company) => [company.inn, company.name.short_with_opf]));
    expect(byInn.get('7707083893')).toBe('ПАО "СБЕРБАНК"');
    expect(byInn.get('7736050003')).toBe('ПАО "ГАЗПРОМ"');
    expect(byInn.get('7736207543')).toBe('ООО "ЯНДЕКС"');
    expect(byInn.get('7708503727')).toBe('ОАО "РЖД"');
  });

  it('gives FMS divisions unique codes in the NNN-NNN form', () => {
    const units = fmsUnitsFileSchema.parse(readJson('fms-units.json'));
    for (const [code, name] of units) {
      expect(code).toMatch(/^\d{3}-\d{3}$/);
      expect(name).toBe(name.toUpperCase());
    }
    expect(new Set(units.map(([code]) => code)).size).toBe(units.length);
    const prefixes = new Set(units.map(([code]) => code.slice(0, 3)));
    for (const prefix of ['772', '770', '780', '500', '540', '660', '160']) {
      expect(prefixes.has(prefix), prefix).toBe(true);
    }
  });
});

describe('build rules', () => {
  it('derives feminine surnames', () => {
    expect(feminineSurname('Иванов')).toBe('Иванова');
    expect(feminineSurname('Соловьёв')).toBe('Соловьёва');
    expect(feminineSurname('Ильин')).toBe('Ильина');
    expect(feminineSurname('Вишневский')).toBe('Вишневская');
    expect(feminineSurname('Толстой')).toBe('Толстая');
    expect(feminineSurname('Шевченко')).toBeNull();
    expect(feminineSurname('Черных')).toBeNull();
  });

  it('derives patronymics', () => {
    expect(patronymics('Иван')).toEqual(['Иванович', 'Ивановна']);
    expect(patronymics('Сергей')).toEqual(['Сергеевич', 'Сергеевна']);
    expect(patronymics('Николай')).toEqual(['Николаевич', 'Николаевна']);
    expect(patronymics('Игорь')).toEqual(['Игоревич', 'Игоревна']);
    expect(patronymics('Юрий')).toEqual(['Юрьевич', 'Юрьевна']);
    expect(patronymics('Дмитрий')).toEqual(['Дмитриевич', 'Дмитриевна']);
    expect(patronymics('Илья')).toEqual(['Ильич', 'Ильинична']);
    expect(patronymics('Пётр')).toEqual(['Петрович', 'Петровна']);
  });

  it('numbers houses deterministically with корпуса on every tenth house', () => {
    const houses = houseNumbers('г Москва, ул Тверская');
    expect(houses).toEqual(houseNumbers('г Москва, ул Тверская'));
    expect(houses.slice(0, 3)).toEqual(['1', '2', '3']);
    expect(houses).toContain('10к1');
    expect(houses.length).toBeGreaterThanOrEqual(12);
  });
});
