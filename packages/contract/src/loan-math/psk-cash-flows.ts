import { kopecks, type Kopecks } from '../money';
import { daysBetween, type IsoDate } from './dates';
import { DAYS_IN_YEAR } from './limits';
import { THOUSANDTHS_OF_PERCENT, formatThousandths, type Psk } from './psk';

/**
 * A money flow of the contract seen from the lender (353-FZ art. 6): the payout to the borrower is
 * negative, every repayment positive.
 */
export interface CashFlow {
  readonly date: IsoDate;
  readonly amount: Kopecks;
}

/** A flow placed on the base-period grid: q full periods plus e = remainderDays / base period. */
interface PlacedFlow {
  readonly amount: bigint;
  readonly periods: bigint;
  readonly remainderDays: bigint;
}

/** A fraction with a positive denominator. */
interface Fraction {
  readonly numerator: bigint;
  readonly denominator: bigint;
}

function intervalsOf(flows: readonly CashFlow[]): number[] {
  return flows
    .slice(1)
    .map((flow, index) => daysBetween(flows[index]?.date ?? flow.date, flow.date));
}

/** One payout first (negative), then repayments (positive) on strictly later dates, no loss. */
function assertConventionalLoan(flows: readonly CashFlow[]): void {
  const [payout, ...repayments] = flows;
  if (!payout || repayments.length === 0) throw new RangeError('Need a payout and a repayment');
  if (payout.amount >= 0n) throw new RangeError('The first flow must be the payout (negative)');
  if (repayments.some((flow) => flow.amount <= 0n)) throw new RangeError('Bad repayment');
  if (intervalsOf(flows).some((days) => days <= 0)) throw new RangeError('Dates must increase');
  if (flows.reduce((sum, flow) => sum + flow.amount, 0n) < 0n) {
    throw new RangeError('Repayments below the payout');
  }
}

/**
 * The base period: the interval between payments met most often in the schedule (the payout
 * counts as the start of the first interval); among equally frequent ones, the shortest. For a
 * single repayment it is the whole term.
 */
export function basePeriodDays(flows: readonly CashFlow[]): number {
  assertConventionalLoan(flows);
  const counts = new Map<number, number>();
  for (const days of intervalsOf(flows)) counts.set(days, (counts.get(days) ?? 0) + 1);
  const ranked = [...counts].sort(([daysA, countA], [daysB, countB]) =>
    countA === countB ? daysA - daysB : countB - countA,
  );
  const [best] = ranked;
  if (!best) throw new RangeError('No intervals');
  return best[0];
}

function placeFlows(flows: readonly CashFlow[], basePeriod: bigint): PlacedFlow[] {
  const start = flows[0]?.date ?? '';
  return flows.map((flow) => {
    const days = BigInt(daysBetween(start, flow.date));
    return { amount: flow.amount, periods: days / basePeriod, remainderDays: days % basePeriod };
  });
}

/** DPk / ((1 + ek·i)(1 + i)^qk) for i = rate, exactly. */
function discounted(flow: PlacedFlow, rate: Fraction, basePeriod: bigint): Fraction {
  const { numerator: a, denominator: c } = rate;
  return {
    numerator: flow.amount * basePeriod * c * c ** flow.periods,
    denominator: (basePeriod * c + flow.remainderDays * a) * (c + a) ** flow.periods,
  };
}

/** The sign of Σ DPk / ((1 + ek·i)(1 + i)^qk): positive while i is below the root. */
function equationSign(flows: readonly PlacedFlow[], rate: Fraction, basePeriod: bigint): number {
  const sum = flows
    .map((flow) => discounted(flow, rate, basePeriod))
    .reduce((total, term) => ({
      numerator: total.numerator * term.denominator + term.numerator * total.denominator,
      denominator: total.denominator * term.denominator,
    }));
  return sum.numerator === 0n ? 0 : sum.numerator > 0n ? 1 : -1;
}

/**
 * Is the root i at least the rate whose ПСК is k − 0.5 thousandths of a percent?
 * i × (365 / base) × 100 000 = k − 1/2  ⇔  i = (2k − 1) × base / (2 × 365 × 100 000).
 */
function rootReaches(flows: readonly PlacedFlow[], k: bigint, basePeriod: bigint): boolean {
  const boundary = {
    numerator: (2n * k - 1n) * basePeriod,
    denominator: 2n * DAYS_IN_YEAR * THOUSANDTHS_OF_PERCENT,
  };
  return equationSign(flows, boundary, basePeriod) >= 0;
}

/**
 * ПСК rounded half up to thousandths: the largest k whose lower rounding boundary the root
 * reaches. The equation is decreasing in i, so bisection over k with exact signs gives the
 * rounded value itself, with no floating error at a rounding boundary.
 */
function roundedThousandths(flows: readonly PlacedFlow[], basePeriod: bigint): bigint {
  let low = 0n;
  let high = 1n;
  while (rootReaches(flows, high, basePeriod)) [low, high] = [high, high * 2n];
  while (high - low > 1n) {
    const middle = (low + high) / 2n;
    if (rootReaches(flows, middle, basePeriod)) low = middle;
    else high = middle;
  }
  return low;
}

/**
 * ПСК for any schedule by the law's formula Σ DPk / ((1 + ek·i)(1 + i)^qk) = 0. Flows: the payout
 * first (negative), then repayments (positive), one per date, dates increasing.
 */
export function pskFromCashFlows(
  flows: readonly CashFlow[],
  basePeriod: number = basePeriodDays(flows),
): Psk {
  assertConventionalLoan(flows);
  if (!Number.isSafeInteger(basePeriod) || basePeriod < 1) {
    throw new RangeError(`Bad base period: ${basePeriod}`);
  }
  const period = BigInt(basePeriod);
  const thousandths = roundedThousandths(placeFlows(flows, period), period);
  const amount = flows.reduce((sum, flow) => sum + flow.amount, 0n);
  return { percent: formatThousandths(thousandths), amount: kopecks(amount) };
}
