import { describe, expect, it } from 'vitest';
import { kopecks, roubles } from '../money';
import { accrueUntil, type LoanTerms } from './accrual';
import { addDays } from './dates';
import { balanceOf, chargesOf, type LedgerEntry } from './ledger';
import { lateRepaymentWriteOff, paymentEntry } from './ledger-entries';
import { ratio } from './rates';

const loan: LoanTerms = {
  principal: roubles(10_000),
  dailyRate: ratio(8n, 1000n),
  contractDate: '2026-04-10',
  dueDate: addDays('2026-04-10', 30),
};

function ledgerUntil(day: string): LedgerEntry[] {
  const payout: LedgerEntry[] = [
    { id: 'payout', kind: 'payout', amount: loan.principal, date: loan.contractDate },
  ];
  return [...payout, ...accrueUntil(payout, loan, day)];
}

/** The write-off (if any), then the payment of the quoted sum, on the day the money arrived. */
function settleLate(quotedOn: string, arrived: string): LedgerEntry[] {
  const paid = balanceOf(ledgerUntil(quotedOn)).total;
  const entries = ledgerUntil(arrived);
  const writeOff = lateRepaymentWriteOff(entries, { id: 'w', date: arrived, quotedOn, paid });
  const before = writeOff ? [...entries, writeOff] : entries;
  const payment = paymentEntry(before, {
    id: 'pay',
    date: arrived,
    amount: paid,
    dueDate: loan.dueDate,
  });
  return [...before, payment];
}

describe('lateRepaymentWriteOff', () => {
  it('10 000 ₽ quoted on day 29 and paid on day 30: writes off 80 ₽ and closes the loan', () => {
    const entries = settleLate('2026-05-09', '2026-05-10');
    expect(entries.find((entry) => entry.kind === 'write_off')).toEqual({
      id: 'w',
      kind: 'write_off',
      amount: roubles(80),
      date: '2026-05-10',
      allocation: { penalty: roubles(0), interest: roubles(80), principal: roubles(0) },
    });
    expect(balanceOf(entries).total).toBe(0n);
    // What was charged stays charged: the write-off gives no room under the cap.
    expect(chargesOf(entries)).toBe(roubles(2_400));
  });

  it('without it the same payment leaves 80 ₽ owed', () => {
    const paid = balanceOf(ledgerUntil('2026-05-09')).total;
    const entries = ledgerUntil('2026-05-10');
    const payment = paymentEntry(entries, {
      id: 'pay',
      date: '2026-05-10',
      amount: paid,
      dueDate: loan.dueDate,
    });
    expect(balanceOf([...entries, payment]).total).toBe(roubles(80));
  });

  it('across the due date writes off the later interest and the penalty', () => {
    const entries = settleLate(loan.dueDate, addDays(loan.dueDate, 2));
    const writeOff = entries.find((entry) => entry.kind === 'write_off');
    expect(writeOff?.kind === 'write_off' && writeOff.allocation.penalty).toBeGreaterThan(0n);
    expect(balanceOf(entries).total).toBe(0n);
  });

  it('writes nothing off on the day of the quote, or when the sum covers the debt', () => {
    const entries = ledgerUntil('2026-05-09');
    const total = balanceOf(entries).total;
    const sameDay = { id: 'w', date: '2026-05-09', quotedOn: '2026-05-09', paid: total };
    expect(lateRepaymentWriteOff(entries, sameDay)).toBeNull();
    const later = ledgerUntil('2026-05-10');
    const enough = {
      id: 'w',
      date: '2026-05-10',
      quotedOn: '2026-05-09',
      paid: kopecks(total + roubles(80)),
    };
    expect(lateRepaymentWriteOff(later, enough)).toBeNull();
  });

  it('never writes off more than the charges of the days between', () => {
    const entries = ledgerUntil('2026-05-10');
    const short = { id: 'w', date: '2026-05-10', quotedOn: '2026-05-09', paid: roubles(5_000) };
    expect(lateRepaymentWriteOff(entries, short)?.amount).toBe(roubles(80));
  });
});
