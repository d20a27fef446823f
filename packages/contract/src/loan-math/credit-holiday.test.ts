import { describe, expect, it } from 'vitest';
import { roubles } from '../money';
import { accrueUntil, type LoanTerms } from './accrual';
import {
  addMonths,
  creditHolidayPeriod,
  dueDateAfterHoliday,
  holidayCorrections,
  holidayLengthInDays,
} from './credit-holiday';
import { balanceOf, chargesOf, type LedgerEntry } from './ledger';
import { paymentEntry } from './ledger-entries';
import { chargesCapAmount, DEFAULT_LOAN_LIMITS } from './limits';
import { parseDailyPercent, ratio } from './rates';

const contractRate = ratio(8n, 1000n);
const loan: LoanTerms = {
  principal: roubles(10_000),
  dailyRate: contractRate,
  contractDate: '2026-11-01',
  dueDate: '2026-12-01',
};
const payout: LedgerEntry[] = [
  { id: 'payout', kind: 'payout', amount: loan.principal, date: loan.contractDate },
];

function accrued(terms: LoanTerms, until: string, entries = payout): LedgerEntry[] {
  return [...entries, ...accrueUntil(entries, terms, until)];
}

describe('addMonths', () => {
  it('keeps the day, or takes the month’s last day when it has none', () => {
    expect(addMonths('2026-11-27', 1)).toBe('2026-12-27');
    expect(addMonths('2026-11-27', 6)).toBe('2027-05-27');
    expect(addMonths('2027-01-31', 1)).toBe('2027-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
  });
});

describe('the holiday period and the new due date', () => {
  it('a holiday of one month from 20.11 ends on 19.12 and lasts 30 days', () => {
    const holiday = creditHolidayPeriod('2026-11-20', 1);
    expect(holiday).toEqual({ from: '2026-11-20', until: '2026-12-19' });
    expect(holidayLengthInDays(holiday)).toBe(30);
  });

  it('moves the due date of a loan in term by the holiday’s length', () => {
    const holiday = creditHolidayPeriod('2026-11-20', 1);
    expect(dueDateAfterHoliday('2026-12-01', holiday)).toBe('2026-12-31');
  });

  it('an overdue loan becomes due on the holiday’s last day', () => {
    const holiday = creditHolidayPeriod('2026-12-10', 2);
    expect(dueDateAfterHoliday('2026-12-01', holiday)).toBe('2027-02-09');
    expect(holiday.until).toBe('2027-02-09');
  });

  it('refuses a holiday of no months', () => {
    expect(() => creditHolidayPeriod('2026-12-10', 0)).toThrow(RangeError);
  });
});

describe('accrual during a holiday', () => {
  it('charges no penalty on the holiday’s days even after the old due date', () => {
    const holiday = creditHolidayPeriod('2026-12-02', 1);
    const terms = { ...loan, holidays: [holiday] };
    const entries = accrued(terms, '2027-01-01');
    expect(entries.filter((entry) => entry.kind === 'penalty')).toEqual([]);
    const withoutHoliday = accrued(loan, '2027-01-01');
    expect(withoutHoliday.filter((entry) => entry.kind === 'penalty').length).toBe(31);
  });

  it('charges the penalty again from the day after the holiday when the loan is overdue', () => {
    const holiday = creditHolidayPeriod('2026-12-02', 1);
    const terms = { ...loan, holidays: [holiday] };
    const penalties = accrued(terms, '2027-01-03').filter((entry) => entry.kind === 'penalty');
    expect(penalties.map((entry) => entry.date)).toEqual(['2027-01-02', '2027-01-03']);
  });

  it('charges interest at the holiday’s rate when it is lower than the contract’s', () => {
    const holidayRate = parseDailyPercent('0.5') ?? contractRate;
    const holiday = { ...creditHolidayPeriod('2026-11-10', 1), dailyRate: holidayRate };
    const terms = { ...loan, holidays: [holiday] };
    const entries = accrued(terms, '2026-11-10');
    const day = entries.find((entry) => entry.id === 'interest:2026-11-10');
    const before = entries.find((entry) => entry.id === 'interest:2026-11-09');
    expect(day?.amount).toBe(roubles(50));
    expect(before?.amount).toBe(roubles(80));
  });

  it('never charges above the contract’s rate, whatever the holiday’s rate', () => {
    const holiday = {
      ...creditHolidayPeriod('2026-11-10', 1),
      dailyRate: parseDailyPercent('0.9') ?? contractRate,
    };
    const entries = accrued({ ...loan, holidays: [holiday] }, '2026-11-10');
    expect(entries.find((entry) => entry.id === 'interest:2026-11-10')?.amount).toBe(roubles(80));
  });

  it('stops at the charges cap during a long holiday', () => {
    const holiday = creditHolidayPeriod('2026-11-02', 6);
    const terms = { ...loan, holidays: [holiday] };
    const entries = accrued(terms, '2027-05-01');
    const cap = chargesCapAmount(loan.principal, loan.contractDate, DEFAULT_LOAN_LIMITS);
    expect(chargesOf(entries)).toBe(cap);
    expect(entries.filter((entry) => entry.kind === 'penalty')).toEqual([]);
  });
});

describe('holidayCorrections', () => {
  it('reverses the penalties booked for holiday days before the approval', () => {
    const booked = accrued(loan, '2026-12-05');
    const holiday = creditHolidayPeriod('2026-12-03', 1);
    const { entries, skipped } = holidayCorrections(booked, holiday, contractRate, '2026-12-05');
    expect(skipped).toEqual([]);
    expect(entries.map((entry) => entry.id)).toEqual([
      'holiday-reversal:penalty:2026-12-03',
      'holiday-reversal:penalty:2026-12-04',
      'holiday-reversal:penalty:2026-12-05',
    ]);
    const after = balanceOf([...booked, ...entries]);
    expect(after.penalty).toBe(balanceOf(booked).penalty - 3n * 547n);
  });

  it('books the holiday days’ interest again at the lower rate', () => {
    const booked = accrued(loan, '2026-11-12');
    const holiday = {
      ...creditHolidayPeriod('2026-11-11', 1),
      dailyRate: parseDailyPercent('0.5') ?? contractRate,
    };
    const { entries } = holidayCorrections(booked, holiday, contractRate, '2026-11-12');
    const ledger = [...booked, ...entries];
    expect(balanceOf(ledger).interest).toBe(balanceOf(booked).interest - 2n * roubles(30));
    expect(entries.filter((entry) => entry.kind === 'interest').map((e) => e.id)).toEqual([
      'interest:2026-11-11:holiday',
      'interest:2026-11-12:holiday',
    ]);
    expect(accrueUntil(ledger, { ...loan, holidays: [holiday] }, '2026-11-12')).toEqual([]);
  });

  it('leaves a penalty the client has paid and names it', () => {
    const booked = accrued(loan, '2026-12-03');
    const paid = paymentEntry(booked, {
      id: 'pay',
      date: '2026-12-03',
      amount: balanceOf(booked).total,
      dueDate: loan.dueDate,
    });
    const holiday = creditHolidayPeriod('2026-12-02', 1);
    const ledger = [...booked, paid];
    const { entries, skipped } = holidayCorrections(ledger, holiday, contractRate, '2026-12-03');
    expect(entries).toEqual([]);
    expect(skipped).toEqual(['penalty:2026-12-02', 'penalty:2026-12-03']);
  });
});
