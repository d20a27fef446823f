import { divideRounded, type Kopecks } from '../money';
import { findRegionRow, type RegionRow } from '../regions';
import type { IsoDate } from './dates';

/** One subject's average per capita money income a month, keyed by the server's region stem. */
export interface RegionalIncomeRow extends RegionRow {
  /** The subject as Росстат names it, for the console and the audit («Республика Тыва»). */
  readonly name: string;
  readonly income: Kopecks;
}

/** The regional average per capita income the 2026 rule caps an unconfirmed income by (Росстат). */
export interface RegionalIncomeTable {
  /** Where the figures come from: the statistic, the period, the publication. */
  readonly source: string;
  /** The period the figures are for («III квартал 2025 г.»). */
  readonly period: string;
  /** The figure for a region the table does not list, or an address without one: the country's. */
  readonly national: Kopecks;
  readonly regions: readonly RegionalIncomeRow[];
}

export interface DebtLoadIncomeRules {
  /** YYYY-MM-DD: from this day an unconfirmed income counts at most the regional average. */
  readonly regionalCapFrom: IsoDate;
  readonly table: RegionalIncomeTable;
}

export interface DebtLoadIncome {
  readonly income: Kopecks;
  /** declared: as the client said; regional_average: capped by the region's figure. */
  readonly basis: 'confirmed' | 'declared' | 'regional_average';
  /**
   * The subject whose average the declared income was compared with; null when it was not
   * compared (a confirmed income, before the rule) or the country's figure stood in for the region.
   */
  readonly region: string | null;
}

/** The average the rule compares with: the region's row, or the country's figure for the rest. */
export function regionalAverage(
  table: RegionalIncomeTable,
  region: string | null,
): { income: Kopecks; region: string | null } {
  const row = findRegionRow(table.regions, region);
  return row ? { income: row.income, region: row.name } : { income: table.national, region: null };
}

/**
 * The income ПДН is computed on (Указание Банка России 6579-У as amended; for МФО from
 * 01.01.2026, when the transitional use of their own income models ended): a confirmed income
 * as it is; an income only declared, the lower of it and the average per capita income of the
 * borrower's region (Росстат) — the region of the registration address.
 */
export function incomeForDebtLoad(
  rules: DebtLoadIncomeRules,
  input: { declared: Kopecks; confirmed: boolean; region: string | null; today: IsoDate },
): DebtLoadIncome {
  if (input.confirmed) return { income: input.declared, basis: 'confirmed', region: null };
  if (input.today < rules.regionalCapFrom) {
    return { income: input.declared, basis: 'declared', region: null };
  }
  const average = regionalAverage(rules.table, input.region);
  return average.income < input.declared
    ? { income: average.income, basis: 'regional_average', region: average.region }
    : { income: input.declared, basis: 'declared', region: average.region };
}

/** ПДН in percent with two decimals, rounded half up («62.00»), for the notice and the console. */
export function debtLoadPercent(monthlyPayments: Kopecks, income: Kopecks): string {
  const hundredths = divideRounded(monthlyPayments * 10_000n, income);
  return `${hundredths / 100n}.${String(hundredths % 100n).padStart(2, '0')}`;
}

/**
 * 353-FZ art. 5.1: above this share of the income the borrower is warned in writing before the
 * contract, and signs the warning. Exactly the threshold is not above it.
 */
export function needsDebtLoadNotice(
  monthlyPayments: Kopecks,
  income: Kopecks,
  noticeAbovePercent: number,
): boolean {
  return monthlyPayments * 100n > income * BigInt(noticeAbovePercent);
}
