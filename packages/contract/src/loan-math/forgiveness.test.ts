import { describe, expect, it } from 'vitest';
import { kopecks, roubles } from '../money';
import { accrueUntil, type LoanTerms } from './accrual';
import { addDays } from './dates';
import { balanceOf, chargesOf, type LedgerEntry } from './ledger';
import { forgivenessEntry, paymentEntry } from './ledger-entries';
import { ratio } from './rates';

const loan: LoanTerms = {
  principal: roubles(10_000),
  dailyRate: ratio(8n, 1000n),
  contractDate: '2026-04-10',
  dueDate: addDays('2026-04-10', 30),
};
const DAY = addDays(loan.dueDate, 10);

/** Ten days overdue: interest for 40 days and penalty for 10. */
function overdue(): LedgerEntry[] {
  const payout: LedgerEntry[] = [
    { id: 'payout', kind: 'payout', amount: loan.principal, date: loan.contractDate },
  ];
  return [...payout, ...accrueUntil(payout, loan, DAY)];
}

describe('forgivenessEntry', () => {
  it('forgives part of the penalty and leaves the rest, the charges still counted', () => {
    const entries = overdue();
    const before = balanceOf(entries);
    expect(before.penalty).toBeGreaterThan(100n);
    const entry = forgivenessEntry(entries, {
      id: 'waiver:1',
      date: DAY,
      part: 'penalty',
      amount: kopecks(100n),
    });
    expect(entry?.allocation).toEqual({ penalty: 100n, interest: 0n, principal: 0n });
    const after = balanceOf([...entries, entry as LedgerEntry]);
    expect(after.penalty).toBe(before.penalty - 100n);
    expect(after.interest).toBe(before.interest);
    expect(chargesOf([...entries, entry as LedgerEntry])).toBe(chargesOf(entries));
  });

  it('forgives all the interest, not a kopeck more', () => {
    const entries = overdue();
    const { interest } = balanceOf(entries);
    const all = forgivenessEntry(entries, {
      id: 'w',
      date: DAY,
      part: 'interest',
      amount: interest,
    });
    expect(balanceOf([...entries, all as LedgerEntry]).interest).toBe(0n);
    const more = kopecks(interest + 1n);
    expect(forgivenessEntry(entries, { id: 'w', date: DAY, part: 'interest', amount: more })).toBe(
      null,
    );
  });

  it('refuses an interest waiver a payment has already covered (overdue: interest is paid first)', () => {
    const entries = overdue();
    const { interest } = balanceOf(entries);
    const paid = paymentEntry(entries, {
      id: 'pay',
      date: DAY,
      amount: interest,
      dueDate: loan.dueDate,
    });
    const waiver = { id: 'w', date: DAY, part: 'interest', amount: kopecks(1n) } as const;
    expect(forgivenessEntry([...entries, paid], waiver)).toBe(null);
  });

  it('writes off the whole debt to zero, and nothing once it is zero', () => {
    const entries = overdue();
    const entry = forgivenessEntry(entries, {
      id: 'w',
      date: DAY,
      part: 'debt',
      amount: kopecks(0n),
    });
    expect(entry?.amount).toBe(balanceOf(entries).total);
    const closed = [...entries, entry as LedgerEntry];
    expect(balanceOf(closed).total).toBe(0n);
    expect(
      forgivenessEntry(closed, { id: 'x', date: DAY, part: 'debt', amount: kopecks(0n) }),
    ).toBe(null);
  });
});
