import { describe, expect, it } from 'vitest';
import { kopecks, roubles } from '../money';
import { accrueDay, accrueUntil, type LoanTerms } from './accrual';
import { addDays } from './dates';
import { balanceOf, chargesOf, type LedgerEntry } from './ledger';
import { paymentEntry, reversalEntry } from './ledger-entries';
import { DEFAULT_LOAN_LIMITS } from './limits';
import { quoteLoan } from './quote';
import { ratio } from './rates';

const rate = ratio(8n, 1000n);

function loanOf(contractDate: string, principal = roubles(10_000), days = 30): LoanTerms {
  return { principal, dailyRate: rate, contractDate, dueDate: addDays(contractDate, days) };
}

function issued(loan: LoanTerms): LedgerEntry[] {
  return [{ id: 'payout', kind: 'payout', amount: loan.principal, date: loan.contractDate }];
}

function accrued(entries: LedgerEntry[], loan: LoanTerms, until: string): LedgerEntry[] {
  return [...entries, ...accrueUntil(entries, loan, until)];
}

describe('accrueDay', () => {
  const loan = loanOf('2026-04-10');
  const day = {
    balance: balanceOf(issued(loan)),
    loan,
    chargedSoFar: kopecks(0n),
    limits: DEFAULT_LOAN_LIMITS,
  };

  it('charges 0.8 % of the outstanding principal per day, not on the contract day', () => {
    expect(accrueDay({ ...day, date: '2026-04-10' })).toEqual([]);
    expect(accrueDay({ ...day, date: '2026-04-11' })).toEqual([
      { id: 'interest:2026-04-11', kind: 'interest', amount: roubles(80), date: '2026-04-11' },
    ]);
    expect(accrueDay({ ...day, date: loan.dueDate })).toHaveLength(1);
  });

  it('adds penalty of 20 %/365 of overdue principal after the due date', () => {
    const date = addDays(loan.dueDate, 1);
    expect(accrueDay({ ...day, date }).map((entry) => [entry.kind, entry.amount])).toEqual([
      ['interest', roubles(80)],
      ['penalty', kopecks(547n)],
    ]);
  });

  it('trims the charges to what the cap leaves, interest first', () => {
    const date = addDays(loan.dueDate, 1);
    const nearCap = { ...day, date, chargedSoFar: roubles(9_950) };
    expect(accrueDay(nearCap).map((entry) => entry.amount)).toEqual([roubles(50)]);
    const almost = { ...day, date, chargedSoFar: roubles(9_915) };
    expect(accrueDay(almost).map((entry) => entry.amount)).toEqual([roubles(80), roubles(5)]);
    expect(accrueDay({ ...day, date, chargedSoFar: roubles(10_000) })).toEqual([]);
  });

  it('refuses a loan priced above the daily limit', () => {
    const greedy = { ...loan, dailyRate: ratio(1n, 100n) };
    expect(() => accrueDay({ ...day, loan: greedy, date: '2026-04-11' })).toThrow(RangeError);
  });
});

describe('accrueUntil', () => {
  it('accrues exactly the quoted interest by the due date', () => {
    const loan = loanOf('2026-04-10');
    const entries = accrued(issued(loan), loan, loan.dueDate);
    const quote = quoteLoan({ ...loan, days: 30 });
    expect(entries).toHaveLength(31);
    expect(balanceOf(entries).total).toBe(quote.totalToReturn);
    expect(balanceOf(entries).total).toBe(roubles(12_400));
  });

  it('is idempotent, and accruing in steps equals accruing at once', () => {
    const loan = loanOf('2026-04-10');
    const once = accrued(issued(loan), loan, '2026-06-01');
    expect(accrueUntil(once, loan, '2026-06-01')).toEqual([]);
    expect(accrueUntil(once, loan, '2026-05-01')).toEqual([]);
    let stepped = issued(loan);
    for (const until of ['2026-04-10', '2026-04-20', '2026-05-10', '2026-05-11', '2026-06-01']) {
      stepped = accrued(stepped, loan, until);
      stepped = accrued(stepped, loan, until);
    }
    expect(stepped).toEqual(once);
  });

  it('never charges more than 100 % on a loan unpaid for 200 days (from 2026-04-01)', () => {
    const loan = loanOf('2026-04-01');
    const entries = accrued(issued(loan), loan, addDays(loan.contractDate, 200));
    expect(chargesOf(entries)).toBe(roubles(10_000));
    expect(balanceOf(entries).total).toBe(roubles(20_000));
    expect(entries.some((entry) => entry.kind === 'penalty')).toBe(true);
  });

  it('never charges more than 130 % for a contract of 2026-03-15', () => {
    const loan = loanOf('2026-03-15');
    const entries = accrued(issued(loan), loan, addDays(loan.contractDate, 200));
    expect(chargesOf(entries)).toBe(roubles(13_000));
    expect(balanceOf(entries).total).toBe(roubles(23_000));
  });

  it('charges interest on the principal left after a payment, from the next day', () => {
    const loan = loanOf('2026-04-10');
    const tenDays = accrued(issued(loan), loan, '2026-04-20');
    const paid = [
      ...tenDays,
      paymentEntry(tenDays, {
        id: 'pay',
        date: '2026-04-20',
        amount: roubles(5_800),
        dueDate: loan.dueDate,
      }),
    ];
    expect(balanceOf(paid).principal).toBe(roubles(5_000));
    expect(accrueUntil(paid, loan, '2026-04-20')).toEqual([]);
    expect(accrueUntil(paid, loan, '2026-04-21').map((entry) => entry.amount)).toEqual([
      roubles(40),
    ]);
  });

  it('stops when the loan is repaid', () => {
    const loan = loanOf('2026-04-10');
    const tenDays = accrued(issued(loan), loan, '2026-04-20');
    const repaid = [
      ...tenDays,
      paymentEntry(tenDays, {
        id: 'pay',
        date: '2026-04-20',
        amount: roubles(10_800),
        dueDate: loan.dueDate,
      }),
    ];
    expect(balanceOf(repaid).total).toBe(0n);
    expect(accrueUntil(repaid, loan, '2026-09-01')).toEqual([]);
  });

  it('charges again once a reversal frees room under the cap', () => {
    const loan = loanOf('2026-04-01');
    const capped = accrued(issued(loan), loan, '2026-10-01');
    const penalty = capped.find((entry) => entry.kind === 'penalty');
    if (!penalty) throw new Error('expected a penalty');
    const undo = reversalEntry(capped, { id: 'r', date: '2026-10-01', reverses: penalty.id });
    const next = accrueUntil([...capped, undo], loan, '2026-10-02');
    expect(next.reduce((sum, entry) => sum + entry.amount, 0n)).toBe(penalty.amount);
  });
});
