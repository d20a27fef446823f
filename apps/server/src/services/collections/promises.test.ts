import { ORDER_STATUS } from '@zaymo/contract';
import { describe, expect, it } from 'vitest';
import { checkedPromise, promiseState } from './promises';

const promise = { amount: 500_000n, madeOn: '2026-12-03', dueOn: '2026-12-10' };
const payment = (entryDate: string, amount: bigint) => ({
  kind: 'payment' as const,
  amount,
  entryDate,
});

describe('a promise to pay', () => {
  it('is pending until its day, kept when payments from its day reach the amount', () => {
    expect(promiseState(promise, [], ORDER_STATUS.EXPIRED, '2026-12-10')).toBe('pending');
    const paid = [payment('2026-12-05', 300_000n), payment('2026-12-10', 200_000n)];
    expect(promiseState(promise, paid, ORDER_STATUS.EXPIRED, '2026-12-11')).toBe('kept');
  });

  it('is broken the day after its day when short, and payments before it or after do not count', () => {
    const paid = [
      payment('2026-12-02', 500_000n),
      payment('2026-12-06', 499_999n),
      payment('2026-12-11', 500_000n),
    ];
    expect(promiseState(promise, paid, ORDER_STATUS.EXPIRED, '2026-12-11')).toBe('broken');
  });

  it('is kept when the loan is repaid', () => {
    expect(promiseState(promise, [], ORDER_STATUS.REPAID, '2026-12-20')).toBe('kept');
  });

  it('is at most the debt and at most 30 days ahead', () => {
    expect(
      checkedPromise({ amount: '5000,50', due_on: '2026-12-03' }, 600_000n, '2026-12-03'),
    ).toBe(500_050n);
    expect(() =>
      checkedPromise({ amount: '6000.01', due_on: '2026-12-04' }, 600_000n, '2026-12-03'),
    ).toThrow('Сумма больше долга на сегодня (6000.00 ₽)');
    expect(() =>
      checkedPromise({ amount: '100', due_on: '2027-01-03' }, 600_000n, '2026-12-03'),
    ).toThrow('Дата — от сегодня до 02.01.2027 (не дальше 30 дней)');
    expect(() =>
      checkedPromise({ amount: '100', due_on: '2026-12-02' }, 600_000n, '2026-12-03'),
    ).toThrow('не дальше 30 дней');
    expect(() =>
      checkedPromise({ amount: '0', due_on: '2026-12-04' }, 600_000n, '2026-12-03'),
    ).toThrow('больше нуля');
  });
});
