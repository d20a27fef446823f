import {
  compareDates,
  creditHolidayPeriod,
  formatMoney,
  moscowDate,
  parseDailyPercent,
  type CreditHoliday,
  type CreditHolidayGround,
} from '@zaymo/contract';
import type { CreditHolidayRules } from '../../config';
import type { CreditHolidayRow, LoanOrderRow } from '../../db/schema';
import { AppError } from '../../errors';
import { WorkingDays } from '../credit-history/working-days';
import { OPEN_LOAN_STATUSES } from '../loans/status-machine';

/*
 * Who may have a credit holiday, and for how long (353-FZ art. 6.1-1 parts 1–2 for an income
 * drop; 377-FZ art. 1 for the mobilised). The figures are settings (docs/money-and-law.md,
 * «check with a lawyer»).
 */

export interface HolidayAsk {
  ground: CreditHolidayGround;
  startDate: string;
  months: number;
}

function formatRuDate(date: string): string {
  const [year, month, day] = date.split('-');
  return `${day}.${month}.${year}`;
}

function maxMonths(rules: CreditHolidayRules, ground: CreditHolidayGround): number {
  return ground === 'income_drop' ? rules.incomeDropMaxMonths : rules.serviceMaxMonths;
}

/** Refuses an ask the law does not allow; each refusal has its own code. */
export function assertHolidayAllowed(
  rules: CreditHolidayRules,
  order: LoanOrderRow,
  ask: HolidayAsk,
  today: string,
): void {
  if (!OPEN_LOAN_STATUSES.includes(order.statusId)) {
    throw new AppError('CREDIT_HOLIDAY_LOAN_CLOSED');
  }
  if (ask.ground === 'income_drop' && order.amount > rules.incomeDropMaxLoan) {
    throw new AppError('CREDIT_HOLIDAY_LOAN_OVER_LIMIT', {
      limit: formatMoney(rules.incomeDropMaxLoan),
    });
  }
  const until = rules.serviceRequestsUntil;
  if (ask.ground === 'service' && until && compareDates(today, until) > 0) {
    throw new AppError('CREDIT_HOLIDAY_SERVICE_DEADLINE', { until: formatRuDate(until) });
  }
  if (ask.months > maxMonths(rules, ask.ground)) {
    throw new AppError('CREDIT_HOLIDAY_TOO_LONG', { months: maxMonths(rules, ask.ground) });
  }
  if (compareDates(ask.startDate, today) < 0) throw new AppError('CREDIT_HOLIDAY_START_IN_PAST');
}

/** The holiday's rate fixed at approval: the ground's setting, or null for the contract's. */
export function holidayDayPercent(
  rules: CreditHolidayRules,
  ground: CreditHolidayGround,
): string | null {
  return ground === 'income_drop' ? rules.incomeDropDailyPercent : rules.serviceDailyPercent;
}

/** The loan-math holiday of an approved request. */
export function holidayOfRow(row: CreditHolidayRow): CreditHoliday {
  const dailyRate = row.dayPercent ? parseDailyPercent(row.dayPercent) : null;
  return {
    from: row.startDate,
    until: row.untilDate,
    ...(dailyRate ? { dailyRate } : {}),
  };
}

export function periodOf(ask: HolidayAsk): { from: string; until: string } {
  return creditHolidayPeriod(ask.startDate, ask.months);
}

const calendar = new WorkingDays();

/**
 * The last day the lender may decide a request: the configured working days after the day it
 * came (353-FZ art. 6.1-1: the lender considers the request within five working days; 377-FZ
 * art. 1 sets the same term). Counted on the production calendar, so holidays do not count.
 */
export function decisionDueBy(rules: CreditHolidayRules, requestedAt: Date): string {
  return calendar.addWorkingDays(moscowDate(requestedAt), rules.decisionWorkingDays);
}

/** A request still waiting after its decision day. */
export function decisionOverdue(row: CreditHolidayRow, decideBy: string, today: string): boolean {
  return row.status === 'pending' && compareDates(today, decideBy) > 0;
}
