import { describe, expect, it } from 'vitest';
import { kopecks, roubles } from '../money';
import { accrueUntil, type LoanTerms } from './accrual';
import { addDays } from './dates';
import { balanceOf, type LedgerEntry } from './ledger';
import { applyProlongation, quoteProlongation } from './prolongation';
import { ratio } from './rates';

const loan: LoanTerms = {
  principal: roubles(10_000),
  dailyRate: ratio(8n, 1000n),
  contractDate: '2026-04-10',
  dueDate: '2026-05-10',
};

function ledgerUntil(date: string, terms: LoanTerms = loan): LedgerEntry[] {
  const payout: LedgerEntry[] = [
    { id: 'payout', kind: 'payout', amount: terms.principal, date: terms.contractDate },
  ];
  return [...payout, ...accrueUntil(payout, terms, date)];
}

describe('quoteProlongation', () => {
  it('prices a prolongation at the accrued interest and moves the due date', () => {
    const balance = balanceOf(ledgerUntil('2026-05-10'));
    expect(quoteProlongation({ balance, loan, days: 14, date: '2026-05-10' })).toEqual({
      price: roubles(2_400),
      interest: roubles(2_400),
      penalty: roubles(0),
      newDueDate: '2026-05-24',
    });
  });

  it('counts from the current due date when prolonged early', () => {
    const balance = balanceOf(ledgerUntil('2026-04-20'));
    const quote = quoteProlongation({ balance, loan, days: 10, date: '2026-04-20' });
    expect(quote.price).toBe(roubles(800));
    expect(quote.newDueDate).toBe('2026-05-20');
  });

  it('includes penalty and counts from today when overdue', () => {
    const balance = balanceOf(ledgerUntil('2026-05-15'));
    const quote = quoteProlongation({ balance, loan, days: 7, date: '2026-05-15' });
    // 5 overdue days × 5.47 ₽ of penalty (rounded down); 35 days × 80 ₽ of interest
    expect(quote.penalty).toBe(kopecks(5n * 547n));
    expect(quote.price).toBe(kopecks(280_000n + 5n * 547n));
    expect(quote.newDueDate).toBe('2026-05-22');
  });

  it('refuses a repaid loan or a bad term', () => {
    const balance = balanceOf(ledgerUntil('2026-04-20'));
    const request = { balance, loan, days: 7, date: '2026-04-20' };
    expect(() => quoteProlongation({ ...request, days: 0 })).toThrow(RangeError);
    const repaid = { ...balance, principal: roubles(0) };
    expect(() => quoteProlongation({ ...request, balance: repaid })).toThrow(RangeError);
  });
});

describe('applyProlongation', () => {
  it('never folds unpaid interest into principal', () => {
    const before = ledgerUntil('2026-05-10');
    const request = { balance: balanceOf(before), loan, days: 14, date: '2026-05-10' };
    const paid = applyProlongation('prolong-1', request);
    const after = [...before, ...paid.entries];
    expect(paid.loan.dueDate).toBe('2026-05-24');
    expect(paid.entries[0]?.kind).toBe('prolongation_fee');
    expect(balanceOf(after)).toEqual({
      principal: roubles(10_000),
      interest: roubles(0),
      penalty: roubles(0),
      total: roubles(10_000),
    });
    // The next day's interest is 0.8 % of 10 000 ₽, not of 12 400 ₽; no penalty before the new date.
    const nextDays = accrueUntil(after, paid.loan, '2026-05-24');
    expect(
      nextDays.every((entry) => entry.kind === 'interest' && entry.amount === roubles(80)),
    ).toBe(true);
    expect(nextDays).toHaveLength(14);
  });

  it('needs no payment when nothing has accrued yet', () => {
    const before = ledgerUntil(loan.contractDate);
    const paid = applyProlongation('prolong-0', {
      balance: balanceOf(before),
      loan,
      days: 5,
      date: loan.contractDate,
    });
    expect(paid.entries).toEqual([]);
    expect(paid.loan.dueDate).toBe(addDays(loan.dueDate, 5));
  });
});
