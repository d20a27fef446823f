import { DEFAULT_LOAN_LIMITS, ratio, type LoanLimits } from '@zaymo/contract';
import { describe, expect, it } from 'vitest';
import type { LoanLedgerRow, LoanOrderRow } from '../../db/schema';
import { loanPositionOn, loanTermsOf } from './ledger';

const order = { dayPercent: '0.8', dueDate: '2026-06-01' } as LoanOrderRow;
const payout = {
  id: 1,
  orderId: 1,
  entryKey: 'payout',
  kind: 'payout',
  amount: 1_000_000n,
  entryDate: '2026-05-02',
} as LoanLedgerRow;

const halfCap: LoanLimits = {
  ...DEFAULT_LOAN_LIMITS,
  chargesCaps: [{ from: null, ratio: ratio(50n, 100n) }],
};

describe('loanPositionOn', () => {
  it('computes the card under the limits it is given, as the accrual job books', () => {
    const longOverdue = '2027-05-01';
    const terms = loanTermsOf(order, [payout], []);
    const strict = loanPositionOn(terms, [payout], longOverdue, halfCap);
    const standard = loanPositionOn(terms, [payout], longOverdue, DEFAULT_LOAN_LIMITS);
    expect(strict?.chargesCap).toBe(500_000n);
    expect(strict?.balance.total).toBe(1_500_000n);
    expect(standard?.chargesCap).toBe(1_000_000n);
    expect(standard?.balance.total).toBe(2_000_000n);
  });
});
