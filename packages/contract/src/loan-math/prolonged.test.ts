import { describe, expect, it } from 'vitest';
import { roubles } from '../money';
import { accrueUntil, type LoanTerms } from './accrual';
import type { LedgerEntry } from './ledger';
import { contractCashFlows, prolongedLoan } from './prolonged';
import { parseDailyPercent } from './rates';

/*
 * Worked examples: 10 000 ₽ paid out on 10.04.2026 for 30 days at 0.8 % a day (80 ₽ a day), due
 * 10.05.2026.
 */

const dailyRate = parseDailyPercent('0.8') ?? { numerator: 1n, denominator: 125n };
const loan: LoanTerms = {
  principal: roubles(10_000),
  dailyRate,
  contractDate: '2026-04-10',
  dueDate: '2026-05-10',
};
const payout: LedgerEntry = {
  id: 'payout',
  kind: 'payout',
  amount: roubles(10_000),
  date: '2026-04-10',
};

/** The ledger on `date`, accrued up to it as the server books it before an agreement. */
function ledgerOn(date: string, more: readonly LedgerEntry[] = []): LedgerEntry[] {
  const entries = [payout, ...more];
  return [...entries, ...accrueUntil(entries, loan, date)];
}

describe('prolongedLoan', () => {
  it('prolonged on the due date for 30 days: pays 2 400 ₽, owes 12 400 ₽ on 09.06.2026, ПСК 292,000 %', () => {
    // Flows −10 000 (10.04), +2 400 (10.05), +12 400 (09.06): both intervals 30 days, so the base
    // period is 30 and i = 0.24 solves −10 000 + 2 400/1.24 + 12 400/1.24² = 0 exactly;
    // ПСК = 0.24 × 365/30 × 100 = 292.000; its sum is 2 400 + 2 400 = 4 800 ₽.
    const result = prolongedLoan({
      entries: ledgerOn('2026-05-10'),
      loan,
      days: 30,
      date: '2026-05-10',
    });
    expect(result).toEqual({
      price: roubles(2_400),
      newDueDate: '2026-06-09',
      sumDue: roubles(12_400),
      psk: { percent: '292.000', amount: roubles(4_800) },
    });
  });

  it('prolonged early, on day 20 for 14 days: from the old due date, 11 920 ₽ on 24.05.2026', () => {
    // Price: 20 days × 80 = 1 600 ₽. The new date counts from the due date 10.05 → 24.05; interest
    // runs 01.05–24.05: 24 days × 80 = 1 920 ₽. Flows −10 000 (day 0), +1 600 (day 20),
    // +11 920 (day 44): intervals 20 and 24 tie, the shorter (20) is the base period; day 44 is
    // q = 2 periods and e = 4/20. The root i ≈ 0.157917 gives ПСК i × 365/20 × 100 ≈ 288.199 %.
    const result = prolongedLoan({
      entries: ledgerOn('2026-04-30'),
      loan,
      days: 14,
      date: '2026-04-30',
    });
    expect(result.price).toBe(roubles(1_600));
    expect(result.newDueDate).toBe('2026-05-24');
    expect(result.sumDue).toBe(roubles(11_920));
    expect(result.psk).toEqual({ percent: '288.199', amount: roubles(3_520) });
  });

  it('counts an earlier partial repayment among the flows and owes interest on what is left', () => {
    const part: LedgerEntry = {
      id: 'payment:1',
      kind: 'payment',
      amount: roubles(1_800),
      date: '2026-04-20',
      allocation: { penalty: roubles(0), interest: roubles(800), principal: roubles(1_000) },
    };
    const entries = ledgerOn('2026-05-10', [part]);
    const result = prolongedLoan({ entries, loan, days: 30, date: '2026-05-10' });
    // 20 days × 72 ₽ on 9 000 ₽ → price 1 440 ₽; then 30 days × 72 ₽ → 9 000 + 2 160 ₽.
    expect(result.price).toBe(roubles(1_440));
    expect(result.sumDue).toBe(roubles(11_160));
    const flows = contractCashFlows([...entries], {
      date: result.newDueDate,
      amount: result.sumDue,
    });
    expect(flows.map((flow) => [flow.date, flow.amount])).toEqual([
      ['2026-04-10', roubles(-10_000)],
      ['2026-04-20', roubles(1_800)],
      ['2026-06-09', roubles(11_160)],
    ]);
    expect(result.psk.amount).toBe(roubles(1_800 + 1_440 + 11_160 - 10_000));
  });
});
