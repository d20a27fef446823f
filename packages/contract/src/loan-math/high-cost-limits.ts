import { addDays, compareDates, russianDate, type IsoDate } from './dates';

/*
 * The limits on high-cost loans of Федеральный закон от 29.12.2025 № 545-ФЗ (amending 151-ФЗ
 * «О микрофинансовой деятельности…» and 353-ФЗ): the one table of their dates and figures. Each
 * row says what it forbids, from when, and which part of the law a lawyer has still to confirm
 * (docs/money-and-law.md). The borrower's other loans come from the credit bureau's report; our
 * own open loan is refused by the scoring's «active_loans» rule before these matter. The table is
 * configuration (the server's `config.loans.scoring.highCostLimits`), like DEFAULT_LOAN_LIMITS.
 */

/** What the limits read of each of the borrower's loans in the bureau's report. */
export interface HighCostObligation {
  /** The day the loan was repaid in full; null while it is not. */
  readonly closedOn: IsoDate | null;
  /** ПСК, % a year («292.000»); null when the bureau has none. */
  readonly pskPercent: string | null;
}

export interface HighCostLimitRow {
  readonly id: string;
  /**
   * count: at most `maxLoans` unpaid loans with ПСК above `pskAbove`, the new one included;
   * gap: a new such loan not earlier than `gapDays` after the full repayment of one.
   */
  readonly kind: 'count' | 'gap';
  /** YYYY-MM-DD: the first day the row applies; `until` the first day it no longer does. */
  readonly from: IsoDate;
  readonly until: IsoDate | null;
  /** ПСК, % a year: the row is about loans whose ПСК is above this. */
  readonly pskAbove: string;
  readonly maxLoans?: number;
  readonly gapDays?: number;
  /** The law, as the refusal and the console cite it. */
  readonly law: string;
  /** What a lawyer has to confirm before this row is trusted; null when nothing. */
  readonly toConfirm: string | null;
}

const LAW = '545-ФЗ от 29.12.2025';

export const HIGH_COST_LOAN_LIMITS: readonly HighCostLimitRow[] = [
  {
    id: 'psk200_two_loans',
    kind: 'count',
    from: '2026-10-01',
    until: '2027-04-01',
    pskAbove: '200',
    maxLoans: 2,
    law: LAW,
    toConfirm: 'статью и часть 151-ФЗ в редакции 545-ФЗ; до 01.04.2027 ли действует ограничение',
  },
  {
    id: 'psk100_one_loan',
    kind: 'count',
    from: '2027-04-01',
    until: null,
    pskAbove: '100',
    maxLoans: 1,
    law: LAW,
    toConfirm: 'статью и часть 151-ФЗ в редакции 545-ФЗ',
  },
  {
    id: 'psk100_gap_4_days',
    kind: 'gap',
    from: '2027-01-01',
    until: null,
    pskAbove: '100',
    gapDays: 4,
    law: LAW,
    toConfirm: 'источники расходятся: 4 дня с 01.01.2027 или 3 дня с 01.04.2027 (применяем строже)',
  },
  {
    id: 'psk100_gap_3_days',
    kind: 'gap',
    from: '2027-04-01',
    until: null,
    pskAbove: '100',
    gapDays: 3,
    law: LAW,
    toConfirm: 'источники расходятся: 3 дня с 01.04.2027 или 4 дня с 01.01.2027 (применяем строже)',
  },
];

/** «292.000», «200», «150,5» → thousandths of a percent; null for anything else. */
export function pskThousandths(percent: string): bigint | null {
  const match = /^(\d{1,6})(?:[.,](\d{1,3}))?$/.exec(percent.trim());
  if (!match) return null;
  return BigInt(match[1] ?? '0') * 1000n + BigInt((match[2] ?? '').padEnd(3, '0'));
}

function above(psk: string | null, threshold: string): boolean {
  const value = psk === null ? null : pskThousandths(psk);
  const limit = pskThousandths(threshold);
  return value !== null && limit !== null && value > limit;
}

function inForce(row: HighCostLimitRow, today: IsoDate): boolean {
  return (
    compareDates(today, row.from) >= 0 && (row.until === null || compareDates(today, row.until) < 0)
  );
}

export interface HighCostCheck {
  readonly today: IsoDate;
  /** The ПСК of the loan applied for. */
  readonly newLoanPsk: string;
  readonly obligations: readonly HighCostObligation[];
}

export interface HighCostVerdict {
  readonly passed: boolean;
  /** The client's explanation of a refusal (or what was checked). */
  readonly detail: string;
  /** A refusal that ends on a known day: the first day a new application may pass. */
  readonly notBefore: IsoDate | null;
  readonly limit: string | null;
}

function countVerdict(row: HighCostLimitRow, check: HighCostCheck): HighCostVerdict | null {
  const max = row.maxLoans ?? 0;
  const open = check.obligations.filter(
    (obligation) => obligation.closedOn === null && above(obligation.pskPercent, row.pskAbove),
  ).length;
  if (open + 1 <= max) return null;
  const already = max === 1 ? 'непогашенный такой заём' : `${max} непогашенных таких займа`;
  const toRepay = open - max + 1;
  const which = toRepay > 1 ? `${toRepay} из них` : open === 1 ? 'этого займа' : 'одного из них';
  return {
    passed: false,
    detail:
      `С ${russianDate(row.from)} закон (${row.law}) не позволяет выдать заём с полной ` +
      `стоимостью выше ${row.pskAbove} % годовых, если у заёмщика уже есть ${already}. По данным ` +
      `бюро кредитных историй у вас их ${open}. Новый такой заём возможен после погашения ${which}.`,
    notBefore: null,
    limit: row.id,
  };
}

function gapVerdict(row: HighCostLimitRow, check: HighCostCheck): HighCostVerdict | null {
  const days = row.gapDays ?? 0;
  const ends = check.obligations
    .filter(
      (obligation) => obligation.closedOn !== null && above(obligation.pskPercent, row.pskAbove),
    )
    .map((obligation) => addDays(obligation.closedOn ?? check.today, days))
    .filter((first) => compareDates(first, check.today) > 0)
    .sort();
  const notBefore = ends.at(-1);
  if (notBefore === undefined) return null;
  return {
    passed: false,
    detail:
      `После полного погашения займа с полной стоимостью выше ${row.pskAbove} % годовых новый ` +
      `такой заём можно получить не раньше чем через ${days} дн. (${row.law}, с ` +
      `${russianDate(row.from)}): у вас такой заём погашен недавно.`,
    notBefore,
    limit: row.id,
  };
}

/**
 * Every row in force on `today` that the new loan's ПСК falls under; the first refusal wins, a
 * gap with the latest end first (it names the day the client may apply again).
 */
export function checkHighCostLimits(
  rows: readonly HighCostLimitRow[],
  check: HighCostCheck,
): HighCostVerdict {
  const applicable = rows.filter(
    (row) => inForce(row, check.today) && above(check.newLoanPsk, row.pskAbove),
  );
  const refusals = applicable
    .map((row) => (row.kind === 'count' ? countVerdict(row, check) : gapVerdict(row, check)))
    .filter((verdict): verdict is HighCostVerdict => verdict !== null)
    .sort((a, b) => (b.notBefore ?? '').localeCompare(a.notBefore ?? ''));
  const refusal = refusals[0];
  if (refusal) return refusal;
  const detail =
    applicable.length === 0
      ? 'Ограничения 545-ФЗ к этому займу сейчас не применяются'
      : 'Ограничения 545-ФЗ на дорогие займы соблюдены';
  return { passed: true, detail, notBefore: null, limit: null };
}
