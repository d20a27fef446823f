import { kopecks } from '../money';
import { addDays, compareDates, daysBetween, laterDate, type IsoDate } from './dates';
import { balanceOf, type EntryId, type LedgerEntry } from './ledger';
import { reversalEntry } from './ledger-entries';
import { chargeAtRate, isRatioAtMost, type DailyRate } from './rates';

/*
 * Credit holidays (353-FZ art. 6.1-1 for an income drop; 377-FZ of 07.10.2022 for the mobilised
 * and the participants of the special military operation): for the holiday's days no payment is
 * due and no penalty accrues; the payments deferred are paid after it, the due date moving by the
 * holiday's length. Interest runs on during the holiday at the holiday's rate when one is set
 * (never above the contract's), and is paid after it with the rest.
 */

export interface CreditHoliday {
  /** First and last day of the holiday, inclusive. */
  readonly from: IsoDate;
  readonly until: IsoDate;
  /** The rate of the holiday's days; none — the contract's. The lower of the two applies. */
  readonly dailyRate?: DailyRate;
}

function lastDayOfMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

/** The same day `months` later; the month's last day when it has no such day (31.01 + 1 → 28.02). */
export function addMonths(date: IsoDate, months: number): IsoDate {
  if (!Number.isSafeInteger(months))
    throw new RangeError(`Not a whole number of months: ${months}`);
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const total = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(total / 12);
  const targetMonth = total % 12;
  const targetDay = Math.min(day, lastDayOfMonth(targetYear, targetMonth));
  return new Date(Date.UTC(targetYear, targetMonth, targetDay)).toISOString().slice(0, 10);
}

/** A holiday of `months` months from `from`: it ends the day before the same date months later. */
export function creditHolidayPeriod(from: IsoDate, months: number): CreditHoliday {
  if (!Number.isSafeInteger(months) || months < 1) throw new RangeError(`Bad length: ${months}`);
  return { from, until: addDays(addMonths(from, months), -1) };
}

export function holidayLengthInDays(holiday: CreditHoliday): number {
  return daysBetween(holiday.from, holiday.until) + 1;
}

/**
 * The due date after the holiday: the payment falls as many days after the holiday's end as it
 * fell after its start (the term is extended by the holiday's length); a loan already overdue
 * at the start is due on the holiday's last day.
 */
export function dueDateAfterHoliday(dueDate: IsoDate, holiday: CreditHoliday): IsoDate {
  const dayBefore = addDays(holiday.from, -1);
  return addDays(laterDate(dueDate, dayBefore), holidayLengthInDays(holiday));
}

export function isWithinHoliday(holiday: CreditHoliday, date: IsoDate): boolean {
  return compareDates(date, holiday.from) >= 0 && compareDates(date, holiday.until) <= 0;
}

/** The holiday `date` falls in, if any. */
export function holidayOn(
  holidays: readonly CreditHoliday[] | undefined,
  date: IsoDate,
): CreditHoliday | undefined {
  return holidays?.find((holiday) => isWithinHoliday(holiday, date));
}

/** The rate of a day: the holiday's when it is lower than the contract's. */
export function dailyRateOn(
  contractRate: DailyRate,
  holiday: CreditHoliday | undefined,
): DailyRate {
  const holidayRate = holiday?.dailyRate;
  if (!holidayRate || isRatioAtMost(contractRate, holidayRate)) return contractRate;
  return holidayRate;
}

function isReversed(entries: readonly LedgerEntry[], id: EntryId): boolean {
  return entries.some((entry) => entry.kind === 'reversal' && entry.reverses === id);
}

/** The interest the holiday's rate charges for `date` on the principal owed at its start. */
function holidayInterest(entries: readonly LedgerEntry[], date: IsoDate, rate: DailyRate) {
  const before = entries.filter((entry) => compareDates(entry.date, date) < 0);
  return chargeAtRate(balanceOf(before).principal, rate);
}

/**
 * The corrections a holiday approved after it began makes to the days already accrued within it:
 * each penalty of those days is reversed, and interest above the holiday's rate is reversed and
 * booked again at that rate (`interest:<date>:holiday`). Every correction lowers the charges, so
 * no limit can be crossed. A charge the client has already paid cannot be reversed (the balance
 * would go negative); it is left as booked and the approval reports it.
 */
export function holidayCorrections(
  entries: readonly LedgerEntry[],
  holiday: CreditHoliday,
  contractRate: DailyRate,
  today: IsoDate,
): { entries: LedgerEntry[]; skipped: EntryId[] } {
  let ledger = [...entries];
  const added: LedgerEntry[] = [];
  const skipped: EntryId[] = [];
  const rate = dailyRateOn(contractRate, holiday);
  const lowered = rate !== contractRate;
  for (const entry of entries) {
    if (entry.kind !== 'penalty' && entry.kind !== 'interest') continue;
    if (!isWithinHoliday(holiday, entry.date) || isReversed(ledger, entry.id)) continue;
    if (entry.kind === 'interest' && !lowered) continue;
    const id = `holiday-reversal:${entry.id}`;
    let reversal: LedgerEntry;
    try {
      reversal = reversalEntry(ledger, { id, date: today, reverses: entry.id });
    } catch {
      skipped.push(entry.id);
      continue;
    }
    const rebooked: LedgerEntry[] = [];
    if (entry.kind === 'interest') {
      const amount = holidayInterest(ledger, entry.date, rate);
      const kept = amount < entry.amount ? amount : entry.amount;
      if (kept > 0n) {
        rebooked.push({
          id: `${entry.id}:holiday`,
          kind: 'interest',
          amount: kopecks(kept),
          date: entry.date,
        });
      }
    }
    ledger = [...ledger, reversal, ...rebooked];
    added.push(reversal, ...rebooked);
  }
  return { entries: added, skipped };
}
