import {
  formatMoney,
  parseDailyPercent,
  quoteLoan,
  type Kopecks,
  type LoanQuote,
} from '@zaymo/contract';
import { pluralRu } from '../../russian';

/** A tariff's bounds and steps, as the calculator offers them. */
export interface LoanChoiceLimits {
  readonly minSum: Kopecks;
  readonly maxSum: Kopecks;
  readonly sumStep: Kopecks;
  readonly minPeriod: number;
  readonly maxPeriod: number;
  readonly periodStep: number;
}

const DAYS = ['дня', 'дней', 'дней'] as const;
const DAY_FORMS = ['день', 'дня', 'дней'] as const;

function days(count: number, forms: readonly [string, string, string] = DAY_FORMS): string {
  return `${count} ${pluralRu(count, forms)}`;
}

function amountProblem(limits: LoanChoiceLimits, amount: Kopecks): string | null {
  const { minSum, maxSum, sumStep } = limits;
  if (amount < minSum || amount > maxSum) {
    return `Сумма займа — от ${formatMoney(minSum)} до ${formatMoney(maxSum)}`;
  }
  if ((amount - minSum) % sumStep !== 0n) {
    return `Сумма займа выбирается с шагом ${formatMoney(sumStep)}`;
  }
  return null;
}

function periodProblem(limits: LoanChoiceLimits, period: number): string | null {
  const { minPeriod, maxPeriod, periodStep } = limits;
  if (period < minPeriod || period > maxPeriod) {
    return `Срок займа — от ${minPeriod} до ${days(maxPeriod, DAYS)}`;
  }
  if ((period - minPeriod) % periodStep !== 0) {
    return `Срок займа выбирается с шагом ${days(periodStep)}`;
  }
  return null;
}

/** Russian messages by field (amount, period) for a choice outside the tariff; {} when it fits. */
export function loanChoiceProblems(
  limits: LoanChoiceLimits,
  amount: Kopecks,
  period: number,
): Record<string, string> {
  const problems: Record<string, string> = {};
  const amountMessage = amountProblem(limits, amount);
  if (amountMessage) problems.amount = amountMessage;
  const periodMessage = periodProblem(limits, period);
  if (periodMessage) problems.period = periodMessage;
  return problems;
}

/** What the choice costs if repaid on time: interest, the sum to return, the due date, ПСК. */
export function quoteChoice(
  dayPercent: string,
  amount: Kopecks,
  period: number,
  contractDate: string,
): LoanQuote {
  const dailyRate = parseDailyPercent(dayPercent);
  if (!dailyRate) throw new RangeError(`Not a daily percent: «${dayPercent}»`);
  return quoteLoan({ principal: amount, days: period, dailyRate, contractDate });
}
