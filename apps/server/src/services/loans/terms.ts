import type { CreditHoliday, LoanTerms } from '@zaymo/contract';
import type { LoanLedgerRow, LoanOrderRow } from '../../db/schema';
import { holidayOfRow } from '../credit-holidays/rules';
import { approvedHolidaysByOrder } from '../credit-holidays/store';
import type { Db } from './db';
import { ledgersOf, loanTermsOf } from './ledger';

/** The approved credit holidays of several loans in one query, as loan-math reads them. */
export async function holidaysOf(
  db: Db,
  orderIds: readonly number[],
): Promise<Map<number, CreditHoliday[]>> {
  const rows = await approvedHolidaysByOrder(db, orderIds);
  return new Map([...rows].map(([orderId, ofOrder]) => [orderId, ofOrder.map(holidayOfRow)]));
}

export interface LoadedTerms {
  readonly rows: LoanLedgerRow[];
  /** With the loan's approved credit holidays; null before the payout. */
  readonly terms: LoanTerms | null;
}

/** The ledgers and terms of several loans: one query for the ledgers, one for the holidays. */
export async function loadLoansTerms(
  db: Db,
  orders: readonly LoanOrderRow[],
): Promise<Map<number, LoadedTerms>> {
  const ids = orders.map((order) => order.id);
  const ledgers = await ledgersOf(db, ids);
  const holidays = await holidaysOf(db, ids);
  return new Map(
    orders.map((order) => {
      const rows = ledgers.get(order.id) ?? [];
      return [order.id, { rows, terms: loanTermsOf(order, rows, holidays.get(order.id) ?? []) }];
    }),
  );
}

/** The terms of a loan read from the database: its ledger and approved holidays. */
export async function loadLoanTerms(db: Db, order: LoanOrderRow): Promise<LoadedTerms> {
  return (await loadLoansTerms(db, [order])).get(order.id) ?? { rows: [], terms: null };
}
