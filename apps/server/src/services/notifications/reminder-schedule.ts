import { addDays, moscowDate, type IsoDate, type ReminderKind } from '@zaymo/contract';
import type { ReminderRules } from '../../config';
import type { ContactVerdict } from '../collections/contact-limits';

/*
 * Which automatic message a loan gets on which Moscow day, and what to do with one when its
 * moment comes: pure, so the schedule is tested without a database.
 *
 * - Before the due date: a reminder `daysBefore` days ahead (3 and 1 by default). Not
 *   interaction about an overdue debt (230-FZ art. 1 part 1, art. 4), so the counts of art. 7
 *   do not apply; its hours and the debtor's protections are still kept.
 * - The overdue notice: from the first day past due to the `overdueNoticeDays`-th (the SRO base
 *   standard for МФО, approved by the Bank of Russia on 22.06.2017, art. 11 part 1: within 7
 *   calendar days), free of charge.
 * - Dunning: on each of `dunningDays` past due, until the next one's day.
 *
 * Each message has a window of Moscow days: it is planned on any day of the window (a job that
 * missed a day, a sandbox clock moved over several, still plans it once) and dropped after it.
 */

export interface PlanWindow {
  readonly kind: ReminderKind;
  readonly day: number;
  /** Loans due in [dueFrom, dueTo] get this message planned today. */
  readonly dueFrom: IsoDate;
  readonly dueTo: IsoDate;
  /** The message's last day is the due date plus this many days. */
  readonly lastDayOffset: number;
}

/** A dunning day with no next one keeps its message this many days more. */
export const LAST_DUNNING_GRACE_DAYS = 6;

function beforeDueWindows(today: IsoDate, days: readonly number[]): PlanWindow[] {
  return days.map((day, index) => {
    const nearest = index === 0 ? 0 : (days[index - 1] ?? 0) + 1;
    return {
      kind: 'before_due',
      day,
      dueFrom: addDays(today, nearest),
      dueTo: addDays(today, day),
      lastDayOffset: -nearest,
    };
  });
}

function overdueNoticeWindow(today: IsoDate, lastDay: number): PlanWindow {
  return {
    kind: 'overdue_notice',
    day: 1,
    dueFrom: addDays(today, -lastDay),
    dueTo: addDays(today, -1),
    lastDayOffset: lastDay,
  };
}

function dunningWindows(today: IsoDate, days: readonly number[]): PlanWindow[] {
  return days.map((day, index) => {
    const next = days[index + 1];
    const last = next === undefined ? day + LAST_DUNNING_GRACE_DAYS : next - 1;
    return {
      kind: 'dunning',
      day,
      dueFrom: addDays(today, -last),
      dueTo: addDays(today, -day),
      lastDayOffset: last,
    };
  });
}

/** The windows open on `today`: what the planner inserts, one statement each. */
export function planWindows(today: IsoDate, rules: ReminderRules): PlanWindow[] {
  return [
    ...beforeDueWindows(today, rules.daysBefore),
    overdueNoticeWindow(today, rules.overdueNoticeDays),
    ...dunningWindows(today, rules.dunningDays),
  ];
}

/** The messages a loan due on `dueDate` has planned on `today` (unpaid throughout). */
export function messagesOn(
  dueDate: IsoDate,
  today: IsoDate,
  rules: ReminderRules,
): { kind: ReminderKind; day: number; lastDay: IsoDate }[] {
  return planWindows(today, rules)
    .filter((window) => window.dueFrom <= dueDate && dueDate <= window.dueTo)
    .map((window) => ({
      kind: window.kind,
      day: window.day,
      lastDay: addDays(dueDate, window.lastDayOffset),
    }));
}

// ── One attempt ──────────────────────────────────────────────────────────────────────────────────

export type DropCode = 'LOAN_CLOSED' | 'DUE_DATE_MOVED' | 'WINDOW_PASSED';

export interface Refusal {
  readonly code: string;
  readonly reason: string;
  /** The article behind it; null when it is no rule of law (the loan was paid). */
  readonly law: string | null;
}

export type AttemptDecision =
  | { readonly action: 'send' }
  | { readonly action: 'wait'; readonly until: Date; readonly refusal: Refusal }
  | { readonly action: 'drop'; readonly refusal: Refusal };

export interface AttemptInput {
  readonly kind: ReminderKind;
  readonly dueDate: IsoDate;
  readonly lastDay: IsoDate;
  /** The loan as it stands now: still owed, and its current due date. */
  readonly loan: { readonly open: boolean; readonly dueDate: IsoDate | null };
  readonly now: Date;
  /** checkContact's answer for an SMS to the client now. */
  readonly verdict: ContactVerdict;
}

const DROPS: Readonly<Record<DropCode, Refusal>> = {
  LOAN_CLOSED: { code: 'LOAN_CLOSED', reason: 'Заём погашен: напоминать не о чем', law: null },
  DUE_DATE_MOVED: {
    code: 'DUE_DATE_MOVED',
    reason: 'Срок платежа перенесён: сообщение о прежнем сроке не нужно',
    law: null,
  },
  WINDOW_PASSED: {
    code: 'WINDOW_PASSED',
    reason: 'Срок, в который сообщение имело смысл, прошёл',
    law: null,
  },
};

const stillOwed = (input: AttemptInput): boolean =>
  input.kind === 'before_due'
    ? input.loan.open && input.loan.dueDate !== null && moscowDate(input.now) <= input.loan.dueDate
    : input.loan.open;

/**
 * Send now, wait for the moment the law allows, or drop: a message the law refuses is retried at
 * the verdict's next allowed moment if that is still inside its window, and dropped otherwise.
 */
export function decideAttempt(input: AttemptInput): AttemptDecision {
  if (!stillOwed(input)) return { action: 'drop', refusal: DROPS.LOAN_CLOSED };
  if (input.loan.dueDate !== input.dueDate) {
    return { action: 'drop', refusal: DROPS.DUE_DATE_MOVED };
  }
  if (moscowDate(input.now) > input.lastDay) {
    return { action: 'drop', refusal: DROPS.WINDOW_PASSED };
  }
  const { verdict } = input;
  if (verdict.allowed) return { action: 'send' };
  const refusal = { code: verdict.code, reason: verdict.reason, law: verdict.law };
  const next = verdict.nextAllowedAt;
  if (next === null || moscowDate(next) > input.lastDay) return { action: 'drop', refusal };
  return { action: 'wait', until: next, refusal };
}
