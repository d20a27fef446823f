import { describe, expect, it } from 'vitest';
import { kopecks, roubles } from '../money';
import {
  allocatePayment,
  balanceOf,
  chargesOf,
  positionOf,
  type Balance,
  type LedgerEntry,
} from './ledger';
import { overpaymentOf, paymentEntry, reversalEntry } from './ledger-entries';

function owed(penalty: number, interest: number, principal: number): Balance {
  return {
    penalty: roubles(penalty),
    interest: roubles(interest),
    principal: roubles(principal),
    total: roubles(penalty + interest + principal),
  };
}

const ledger: LedgerEntry[] = [
  { id: 'p', kind: 'payout', amount: roubles(10_000), date: '2026-04-10' },
  { id: 'i1', kind: 'interest', amount: roubles(80), date: '2026-04-11' },
  { id: 'i2', kind: 'interest', amount: roubles(80), date: '2026-04-12' },
  { id: 'f1', kind: 'penalty', amount: roubles(5), date: '2026-04-12' },
];

describe('allocatePayment', () => {
  it('in term: penalty 200, interest 1 000, principal 10 000 and 1 500 ₽ → 200/1000/300', () => {
    expect(allocatePayment(owed(200, 1_000, 10_000), roubles(1_500))).toEqual({
      penalty: roubles(200),
      interest: roubles(1_000),
      principal: roubles(300),
      overpayment: roubles(0),
    });
  });

  it('stops at the debt and keeps the rest as overpayment', () => {
    expect(allocatePayment(owed(200, 1_000, 10_000), roubles(12_000))).toEqual({
      penalty: roubles(200),
      interest: roubles(1_000),
      principal: roubles(10_000),
      overpayment: roubles(800),
    });
  });

  it('in term pays a penalty left over first when the amount is short', () => {
    expect(allocatePayment(owed(200, 1_000, 10_000), roubles(150))).toEqual({
      penalty: roubles(150),
      interest: roubles(0),
      principal: roubles(0),
      overpayment: roubles(0),
    });
  });

  it('overdue: interest, then principal, then penalty (353-FZ art. 5 part 20)', () => {
    expect(allocatePayment(owed(200, 1_000, 10_000), roubles(1_500), 'overdue')).toEqual({
      penalty: roubles(0),
      interest: roubles(1_000),
      principal: roubles(500),
      overpayment: roubles(0),
    });
    expect(allocatePayment(owed(200, 1_000, 10_000), roubles(11_100), 'overdue')).toEqual({
      penalty: roubles(100),
      interest: roubles(1_000),
      principal: roubles(10_000),
      overpayment: roubles(0),
    });
  });

  it('refuses negative amounts and balances', () => {
    expect(() => allocatePayment(owed(0, 0, 10), kopecks(-1n))).toThrow(RangeError);
    expect(() => allocatePayment(owed(-1, 0, 10), kopecks(1n))).toThrow(RangeError);
  });
});

describe('balanceOf', () => {
  it('derives the balance from the entries alone', () => {
    expect(balanceOf(ledger)).toEqual(owed(5, 160, 10_000));
    expect(chargesOf(ledger)).toBe(roubles(165));
    expect(positionOf(ledger)).toEqual({
      balance: owed(5, 160, 10_000),
      chargedSoFar: roubles(165),
    });
    expect(balanceOf([])).toEqual(owed(0, 0, 0));
  });

  it('subtracts what payments were allocated to', () => {
    const payment = paymentEntry(ledger, {
      id: 'pay',
      date: '2026-04-12',
      amount: roubles(1_000),
      dueDate: '2026-05-10',
    });
    expect(payment.allocation).toEqual({
      penalty: roubles(5),
      interest: roubles(160),
      principal: roubles(835),
    });
    expect(balanceOf([...ledger, payment])).toEqual(owed(0, 0, 9_165));
    expect(chargesOf([...ledger, payment])).toBe(roubles(165));
  });

  it('refuses an empty payment', () => {
    const payment = { id: 'pay', date: '2026-04-12', amount: kopecks(0n), dueDate: '2026-05-10' };
    expect(() => paymentEntry(ledger, payment)).toThrow(RangeError);
  });

  it('records an overpayment without letting any part go negative', () => {
    const payment = paymentEntry(ledger, {
      id: 'pay',
      date: '2026-04-12',
      amount: roubles(10_200),
      dueDate: '2026-05-10',
    });
    expect(overpaymentOf(payment)).toBe(roubles(35));
    expect(balanceOf([...ledger, payment])).toEqual(owed(0, 0, 0));
  });

  it('reversals negate the reversed entry', () => {
    const payment = paymentEntry(ledger, {
      id: 'pay',
      date: '2026-04-12',
      amount: roubles(100),
      dueDate: '2026-05-10',
    });
    const withPayment = [...ledger, payment];
    const undoPayment = reversalEntry(withPayment, {
      id: 'r1',
      date: '2026-04-13',
      reverses: 'pay',
    });
    expect(undoPayment.amount).toBe(roubles(100));
    expect(balanceOf([...withPayment, undoPayment])).toEqual(balanceOf(ledger));
    const undoPenalty = reversalEntry(ledger, { id: 'r2', date: '2026-04-13', reverses: 'f1' });
    expect(balanceOf([...ledger, undoPenalty])).toEqual(owed(0, 160, 10_000));
    expect(chargesOf([...ledger, undoPenalty])).toBe(roubles(160));
  });

  it('refuses a reversal that would leave a negative part', () => {
    const payment = paymentEntry(ledger, {
      id: 'pay',
      date: '2026-04-12',
      amount: roubles(200),
      dueDate: '2026-05-10',
    });
    const paid = [...ledger, payment];
    expect(() => reversalEntry(paid, { id: 'r', date: '2026-04-13', reverses: 'i2' })).toThrow(
      /negative/,
    );
  });

  it('rejects malformed ledgers', () => {
    const reversal = {
      id: 'r',
      kind: 'reversal',
      amount: roubles(80),
      date: '2026-04-13',
    } as const;
    const bad: LedgerEntry[][] = [
      [...ledger, { id: 'x', kind: 'interest', amount: kopecks(0n), date: '2026-04-13' }],
      [...ledger, { ...reversal, reverses: 'nope' }],
      [...ledger, { ...reversal, reverses: 'i1' }, { ...reversal, id: 'r2', reverses: 'i1' }],
      [...ledger, { ...reversal, reverses: 'i1' }, { ...reversal, id: 'r2', reverses: 'r' }],
      [...ledger, { ...reversal, reverses: 'i1', amount: roubles(79) }],
      [...ledger, { ...reversal, reverses: 'i1', date: '2026-04-10' }],
      [...ledger, { id: 'i1', kind: 'interest', amount: roubles(1), date: '2026-04-13' }],
      [...ledger, { id: 'i3', kind: 'interest', amount: roubles(1), date: '2026-02-30' }],
      [
        ...ledger,
        {
          id: 'pay',
          kind: 'payment',
          amount: roubles(10),
          date: '2026-04-13',
          allocation: { penalty: roubles(5), interest: roubles(6), principal: roubles(0) },
        },
      ],
    ];
    for (const entries of bad) expect(() => balanceOf(entries)).toThrow(RangeError);
  });
});
