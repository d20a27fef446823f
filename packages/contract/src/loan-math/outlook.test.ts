import { describe, expect, it } from 'vitest';
import { roubles } from '../money';
import { addDays } from './dates';
import type { LedgerEntry } from './ledger';
import { paymentEntry } from './ledger-entries';
import { debtOutlook } from './outlook';
import { ratio } from './rates';
import type { LoanTerms } from './accrual';

const loan: LoanTerms = {
  principal: roubles(10_000),
  dailyRate: ratio(8n, 1000n),
  contractDate: '2026-04-10',
  dueDate: addDays('2026-04-10', 30),
};
const payout: LedgerEntry[] = [
  { id: 'payout', kind: 'payout', amount: loan.principal, date: loan.contractDate },
];

describe('debtOutlook', () => {
  it('10 000 ₽ × 30 days at 0.8 %: 12 400 ₽ on the due date, the cap 10 000 ₽ of charges', () => {
    const outlook = debtOutlook(payout, loan, loan.contractDate);
    expect(outlook.today.total).toBe(roubles(10_000));
    expect(outlook.onDueDate?.total).toBe(roubles(12_400));
    expect(outlook.charged).toBe(roubles(0));
    expect(outlook.chargesCap).toBe(roubles(10_000));
  });

  it('on day 10 after paying 3 000 ₽: the charges so far and what the rest will cost', () => {
    const day10 = addDays(loan.contractDate, 10);
    const before = debtOutlook(payout, loan, day10);
    expect(before.today.total).toBe(roubles(10_800));
    const paid = paymentEntry(
      [...payout, ...Array.from({ length: 10 }, (_, i) => interestOn(i + 1))],
      { id: 'pay', date: day10, amount: roubles(3_000), dueDate: loan.dueDate },
    );
    const entries = [...payout, ...Array.from({ length: 10 }, (_, i) => interestOn(i + 1)), paid];
    const after = debtOutlook(entries, loan, day10);
    expect(after.today.total).toBe(roubles(7_800));
    expect(after.charged).toBe(roubles(800));
    // 7 800 ₽ principal × 0.8 % × 20 days = 1 248 ₽ more.
    expect(after.onDueDate?.total).toBe(roubles(9_048));
  });

  it('overdue: nothing is due «on the due date» any more; the charges count on', () => {
    const outlook = debtOutlook(payout, loan, addDays(loan.dueDate, 5));
    expect(outlook.onDueDate).toBeNull();
    expect(outlook.charged).toBeGreaterThan(roubles(2_400));
    expect(outlook.charged).toBeLessThanOrEqual(outlook.chargesCap);
  });
});

function interestOn(day: number): LedgerEntry {
  const date = addDays(loan.contractDate, day);
  return { id: `interest:${date}`, kind: 'interest', amount: roubles(80), date };
}
