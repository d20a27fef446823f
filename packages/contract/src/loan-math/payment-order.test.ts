import { describe, expect, it } from 'vitest';
import { kopecks, roubles } from '../money';
import { accrueUntil, type LoanTerms } from './accrual';
import { addDays } from './dates';
import { balanceOf, type LedgerEntry } from './ledger';
import { paymentEntry } from './ledger-entries';
import { interestForDay, penaltyForDay, DEFAULT_LOAN_LIMITS } from './limits';
import { ratio } from './rates';

/*
 * The worked examples of the money audit: the payment order of 353-FZ art. 5 part 20
 * and daily charges that never exceed a legal maximum, because they round down.
 */

const loan: LoanTerms = {
  principal: roubles(10_000),
  dailyRate: ratio(8n, 1000n),
  contractDate: '2026-05-01',
  dueDate: addDays('2026-05-01', 30),
};

function payOn(entries: LedgerEntry[], day: number, amount: number): LedgerEntry[] {
  const date = addDays(loan.contractDate, day);
  const accrued = [...entries, ...accrueUntil(entries, loan, date)];
  const payment = { id: `pay-${day}`, date, amount: roubles(amount), dueDate: loan.dueDate };
  return [...accrued, paymentEntry(accrued, payment)];
}

describe('353-FZ art. 5 part 20: the order of payments', () => {
  it('10 000 ₽ for 30 days, 1 000 ₽ on day 10 and 3 000 ₽ on day 40: the penalty is paid last', () => {
    const payout: LedgerEntry = {
      id: 'payout',
      kind: 'payout',
      amount: loan.principal,
      date: loan.contractDate,
    };
    const entries = payOn(payOn([payout], 10, 1_000), 40, 3_000);
    const balance = balanceOf(entries);
    // Penalty-first left principal 9 205.70 and penalty 0. The law pays the overdue interest
    // (2 352 ₽) and then overdue principal (648 ₽); the penalty of 10 overdue days stays owed:
    // 10 × 5.36 ₽ (9 800 ₽ × 20 % / 365 = 5.3698…, rounded down).
    expect(balance.principal).toBe(roubles(9_152));
    expect(balance.interest).toBe(roubles(0));
    expect(balance.penalty).toBe(roubles(53) + 60n);
  });
});

describe('no day above a legal maximum', () => {
  it('5.47 ₽ of penalty a day on 10 000 ₽ overdue, not 5.48 ₽ (20.002 % a year)', () => {
    expect(penaltyForDay(roubles(10_000), DEFAULT_LOAN_LIMITS)).toBe(547n);
  });

  it('0.80 ₽ of interest a day on 100.63 ₽, not 0.81 ₽ (0.805 % a day)', () => {
    expect(interestForDay(kopecks(10_063n), ratio(8n, 1000n))).toBe(80n);
  });
});
