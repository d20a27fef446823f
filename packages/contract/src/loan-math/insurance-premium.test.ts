import { describe, expect, it } from 'vitest';
import { roubles } from '../money';
import { accrueUntil } from './accrual';
import { balanceOf, chargesOf, type LedgerEntry } from './ledger';
import { insurancePremiumEntries } from './ledger-entries';
import { parseDailyPercent } from './rates';

const payout = { principal: roubles(10_000), date: '2026-04-10' };

describe('insurancePremiumEntries', () => {
  it('withholds 490 ₽ of a 10 000 ₽ payout as its own entry of the payout day', () => {
    expect(insurancePremiumEntries(payout, roubles(490))).toEqual([
      {
        id: 'insurance_premium',
        kind: 'insurance_premium',
        amount: roubles(490),
        date: '2026-04-10',
      },
    ]);
  });

  it('leaves the debt and the charges alone: the loan is the whole 10 000 ₽ provided', () => {
    const entries: LedgerEntry[] = [
      { id: 'payout', kind: 'payout', amount: payout.principal, date: payout.date },
      ...insurancePremiumEntries(payout, roubles(490)),
    ];
    expect(balanceOf(entries).principal).toBe(roubles(10_000));
    expect(balanceOf(entries).total).toBe(roubles(10_000));
    expect(chargesOf(entries)).toBe(0n);
    const dailyRate = parseDailyPercent('0.8');
    if (!dailyRate) throw new Error('rate');
    const terms = { principal: payout.principal, dailyRate, contractDate: payout.date };
    const accrued = accrueUntil(entries, { ...terms, dueDate: '2026-05-10' }, '2026-04-11');
    expect(accrued.map((entry) => entry.amount)).toEqual([roubles(80)]);
  });

  it('books nothing without insurance and refuses a premium of the whole sum', () => {
    expect(insurancePremiumEntries(payout, roubles(0))).toEqual([]);
    expect(() => insurancePremiumEntries(payout, roubles(10_000))).toThrow(RangeError);
    expect(() => insurancePremiumEntries(payout, roubles(-1))).toThrow(RangeError);
  });
});
