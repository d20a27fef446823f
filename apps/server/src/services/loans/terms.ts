import type { CreditHoliday, LoanTerms } from '@zaymo/contract';
import type { LoanLedgerRow, LoanOrderRow } from '../../db/schema';
import { holidayOfRow } from '../credit-holidays/rules';
import { approvedHolidaysByOrder } from '../credit-holidays/store';
import type { Db } from './db';
import { ledgerOf, loanTermsOf } from './ledger';

/** The approved credit holidays of several loans in one query, as loan-math reads them. */
export async function holidaysOf(
  db: Db,
  orderIds: readonly number[],
): Promise<Map<number, CreditHoliday[]>> {
  const rows = await approvedHolidaysByOrder(db, orderIds);
  return new Map([...rows].map(([orderId, ofOrder]) => [orderId, ofOrder.map(holidayOfRow)]));
}

/** The terms of a loan read from the database: its ledger and approved holidays. */
export async function loadLoanTerms(
  db: Db,
  order: LoanOrderRow,
): Promise<{ rows: LoanLedgerRow[]; terms: LoanTerms | null }> {
  const rows = await ledgerOf(db, order.id);
  const holidays = (await holidaysOf(db, [order.id])).get(order.id) ?? [];
  return { rows, terms: loanTermsOf(order, rows, holidays) };
}
