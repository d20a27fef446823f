import { divideRounded, type Kopecks, roubles } from '../money';
import type { IsoDate } from './dates';

/** The regional average per capita income the 2026 rule caps an unconfirmed income by. */
export interface RegionalIncomeTable {
  /** Where the figures come from and for which period (Росстат). */
  readonly source: string;
  /** The figure for a region the table does not list: the country's average. */
  readonly national: Kopecks;
  /** Region name as the address suggestions write it («Москва», «Татарстан») → monthly income. */
  readonly regions: Readonly<Record<string, Kopecks>>;
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
}

/**
 * The income ПДН is computed on (Указание Банка России 6579-У as amended; for МФО from
 * 01.01.2026, when the transitional use of their own income models ended): a confirmed income
 * as it is; an income only declared, the lower of it and the average per capita income of the
 * borrower's region (Росстат).
 */
export function incomeForDebtLoad(
  rules: DebtLoadIncomeRules,
  input: { declared: Kopecks; confirmed: boolean; region: string | null; today: IsoDate },
): DebtLoadIncome {
  if (input.confirmed) return { income: input.declared, basis: 'confirmed' };
  if (input.today < rules.regionalCapFrom) return { income: input.declared, basis: 'declared' };
  const average = (input.region && rules.table.regions[input.region]) || rules.table.national;
  return average < input.declared
    ? { income: average, basis: 'regional_average' }
    : { income: input.declared, basis: 'declared' };
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

/*
 * The average per capita money income of the population (среднедушевые денежные доходы, рублей
 * в месяц), Росстат, that caps an unconfirmed income for ПДН (incomeForDebtLoad). The country's figure
 * is the one we could source: 58 200 ₽ for the II quarter of 2024 (Росстат, as cited by «РИА
 * Рейтинг» on 21.10.2024). The regional figures are to be loaded from Росстат's table of the
 * latest published period; until then every region counts the country's figure. Which period the
 * Bank of Russia requires and the figures themselves are for a lawyer and the risk team to
 * confirm (docs/money-and-law.md «Borrower protections»).
 */
export const REGIONAL_INCOME: RegionalIncomeTable = {
  source: 'Росстат, среднедушевые денежные доходы населения, II квартал 2024 г.',
  national: roubles(58_200),
  regions: {},
};
