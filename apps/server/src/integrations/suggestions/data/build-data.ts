/**
 * Generates the offline suggestion data (the *.json files beside this script) from the
 * hand-written lists in sources/. Run after editing a list:
 *
 *   npx tsx apps/server/src/integrations/suggestions/data/build-data.ts
 *
 * Deterministic: the same lists always give the same files.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { PartyData } from '@zaymo/contract';
import { innCheckDigit, isValidInn10, isValidOgrn13, ogrnCheckDigit } from '../inn';
import type { AddressesFile, CityRow, FioFile, FmsUnitsFile } from './types';
import {
  NAMES_FEMALE,
  NAMES_MALE,
  PATRONYMIC_EXCEPTIONS,
  SURNAMES_MASCULINE,
} from './sources/names';
import { FMS_REGIONS, type FmsRegionSource } from './sources/fms-units';
import { CITIES, PLACES, REGIONS, type CitySource } from './sources/addresses';
import { COMPANIES, LEGAL_FORMS, type CompanySource } from './sources/companies';
import { EMAIL_DOMAINS } from './sources/email-domains';

function words(list: string): string[] {
  return [...new Set(list.split(/\s+/).filter((word) => word.length > 0))];
}

/** FNV-1a: a small stable hash for deterministic «random» numbers. */
export function stableHash(text: string): number {
  let hash = 0x811c9dc5;
  for (const char of text) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

// ---------------------------------------------------------------- names

export function feminineSurname(masculine: string): string | null {
  if (/(ов|ев|ёв|ин|ын)$/.test(masculine)) return `${masculine}а`;
  if (/(ский|цкий)$/.test(masculine)) return `${masculine.slice(0, -2)}ая`;
  if (/(ой|ый)$/.test(masculine)) return `${masculine.slice(0, -2)}ая`;
  return null;
}

export function patronymics(name: string): readonly [string, string] {
  const exception = PATRONYMIC_EXCEPTIONS.find(([father]) => father === name);
  if (exception) return [exception[1], exception[2]];
  const stem = patronymicStem(name);
  return /[иеа]$/.test(stem) || stem !== name
    ? [`${stem}евич`, `${stem}евна`]
    : [`${stem}ович`, `${stem}овна`];
}

/** Александр → Александр, Игорь → Игор(евич), Сергей → Серге(евич), Юрий → Юрь(евич). */
function patronymicStem(name: string): string {
  const lower = name.toLowerCase();
  if (lower.endsWith('ий')) {
    const stem = name.slice(0, -2);
    const twoConsonants = /[^аеёиоуыэюя][^аеёиоуыэюя]$/.test(lower.slice(0, -2));
    return twoConsonants ? `${stem}и` : `${stem}ь`;
  }
  if (/[аеёиоуыэюя]й$/.test(lower) || lower.endsWith('ь')) return name.slice(0, -1);
  return name;
}

function buildFio(): FioFile {
  const males = words(NAMES_MALE);
  return {
    surnames: words(SURNAMES_MASCULINE).map((surname) => [surname, feminineSurname(surname)]),
    names: [
      ...males.map((name) => [name, 'M'] as [string, 'M']),
      ...words(NAMES_FEMALE).map((name) => [name, 'F'] as [string, 'F']),
    ],
    patronymics: males.map((name) => [...patronymics(name)]),
  };
}

// ---------------------------------------------------------------- FMS units

function upper(text: string): string {
  return text.toUpperCase().replaceAll('Ё', 'Е');
}

function adjectiveCase(name: string, ending: string): string {
  return upper(name).replace(/(ИЙ|ЫЙ|ОЙ)$/, ending);
}

function fillTemplate(template: string, district: string, okrug: string, index: number): string {
  return template
    .replace('{D}', upper(district))
    .replace('{P}', adjectiveCase(district, 'ОМ'))
    .replace('{T}', adjectiveCase(district, 'ОМУ'))
    .replace('{O}', okrug)
    .replace('{N}', String(index));
}

function regionUnits(region: FmsRegionSource): FmsUnitsFile {
  const districts = region.districts.split(';').map((entry) => entry.trim().split('|'));
  return districts.flatMap(([district = '', okrug = ''], position) => {
    const index = position + 1;
    const suffix = String(index).padStart(3, '0');
    return [
      [
        `${region.fmsPrefix}-${suffix}`,
        fillTemplate(region.fmsTemplate, district, okrug, index),
        region.regionCode,
        '0',
      ],
      [
        `${region.policePrefix}-${suffix}`,
        fillTemplate(region.policeTemplate, district, okrug, index),
        region.regionCode,
        '2',
      ],
    ] satisfies FmsUnitsFile;
  });
}

function buildFmsUnits(): FmsUnitsFile {
  const units = FMS_REGIONS.flatMap(regionUnits);
  return units.sort(([a], [b]) => a.localeCompare(b));
}

// ---------------------------------------------------------------- addresses

/** House numbers of a street: 1…N, every tenth house also with корпуса 1 and 2. */
export function houseNumbers(street: string): string[] {
  const count = 12 + (stableHash(street) % 45);
  return Array.from({ length: count }, (_, i) => i + 1).flatMap((n) =>
    n % 10 === 0 ? [String(n), `${n}к1`, `${n}к2`] : [String(n)],
  );
}

function buildCity(city: CitySource): CityRow {
  const streets = city.streets
    .trim()
    .split('\n')
    .map((line) => line.split('|'))
    .map(([street = '', postal = '']): [string, string, string] => [
      street,
      postal,
      houseNumbers(`${city.city ?? city.region}, ${street}`).join(','),
    ]);
  const { streets: _lines, ...rest } = city;
  return { ...rest, streets };
}

function buildAddresses(): AddressesFile {
  return { regions: [...REGIONS], places: [...PLACES], cities: CITIES.map(buildCity) };
}

// ---------------------------------------------------------------- companies

const REGION_CODES: Readonly<Record<string, string>> = {
  'г Москва': '77',
  'г Санкт-Петербург': '78',
  'Московская обл': '50',
  'Новосибирская обл': '54',
  'Свердловская обл': '66',
  'Респ Татарстан': '16',
};

function regionCodeOf(address: string): string {
  const region = address.split(',')[0] ?? '';
  return REGION_CODES[region] ?? '77';
}

function digits(seed: number, length: number): string {
  return String(seed % 10 ** length).padStart(length, '0');
}

export function generatedInn(company: CompanySource, salt: number): string {
  const seed = stableHash(`${company.opf} ${company.name} ${salt}`);
  const office = String(1 + (seed % 40)).padStart(2, '0');
  const firstNine = `${regionCodeOf(company.address)}${office}${digits(seed >>> 6, 5)}`;
  return `${firstNine}${innCheckDigit(firstNine)}`;
}

export function generatedOgrn(inn: string): string {
  const seed = stableHash(`ОГРН ${inn}`);
  const year = String(2 + (seed % 21)).padStart(2, '0');
  const firstTwelve = `1${year}${inn.slice(0, 4)}${digits(seed >>> 5, 5)}`;
  return `${firstTwelve}${ogrnCheckDigit(firstTwelve)}`;
}

function realInn(company: CompanySource): string {
  if (!company.inn || !isValidInn10(company.inn)) throw new Error(`Неверный ИНН у ${company.name}`);
  return company.inn;
}

function assignInns(companies: readonly CompanySource[]): string[] {
  const taken = new Set(companies.flatMap((company) => (company.inn ? [realInn(company)] : [])));
  return companies.map((company) => {
    if (company.inn) return realInn(company);
    let salt = 0;
    while (taken.has(generatedInn(company, salt))) salt += 1;
    const inn = generatedInn(company, salt);
    taken.add(inn);
    return inn;
  });
}

function toParty(company: CompanySource, inn: string): PartyData {
  const ogrn = company.ogrn ?? generatedOgrn(inn);
  if (!isValidOgrn13(ogrn)) throw new Error(`Неверный ОГРН у ${company.name}`);
  return {
    inn,
    kpp: `${inn.slice(0, 4)}01001`,
    ogrn,
    type: 'LEGAL',
    name: {
      short_with_opf: `${company.opf} ${quoted(company.name)}`,
      full_with_opf: `${LEGAL_FORMS[company.opf]} ${quoted(company.full ?? company.name)}`,
    },
    address: { value: company.address },
    management: company.management ?? null,
    state: { status: company.status ?? 'ACTIVE' },
  };
}

function quoted(name: string): string {
  return name.includes('"') ? name : `"${name}"`;
}

function buildCompanies(): PartyData[] {
  const inns = assignInns(COMPANIES);
  return COMPANIES.map((company, index) => toParty(company, inns[index] ?? ''));
}

// ---------------------------------------------------------------- main

/** Every generated file by name. */
export function buildAll(): Record<string, unknown> {
  return {
    'fio.json': buildFio(),
    'fms-units.json': buildFmsUnits(),
    'addresses.json': buildAddresses(),
    'companies.json': buildCompanies(),
    'email-domains.json': words(EMAIL_DOMAINS),
  };
}

function main(): void {
  for (const [name, data] of Object.entries(buildAll())) {
    const text = `${JSON.stringify(data)}\n`;
    writeFileSync(fileURLToPath(new URL(`./${name}`, import.meta.url)), text);
    process.stdout.write(`${name}: ${Buffer.byteLength(text)} bytes\n`);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
