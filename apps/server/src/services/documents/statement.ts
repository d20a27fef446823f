import {
  addDays,
  compareDates,
  kopecks,
  moscowDate,
  type IsoDate,
  type LedgerEntryKind,
  type LoanLimits,
  type LoanTerms,
} from '@zaymo/contract';
import type { AppContext } from '../../context';
import type { LoanLedgerRow, LoanOrderRow } from '../../db/schema';
import {
  renderDocument,
  type LoanStatementData,
  type StatementMovement,
} from '../../documents/pdf';
import { AppError } from '../../errors';
import { ownOrder, type OrderAccessDenied } from '../loans/db';
import { loanPositionOn } from '../loans/ledger';
import { loadLoanTerms } from '../loans/terms';
import { editionOf } from './catalogue';
import { clientDetails } from './data';

/*
 * «Выписка по займу» (loan_statement) for one month: free information about the debt (353-FZ
 * art. 10). The figures are the loan card's, as they stood at the end of the month (or today, for
 * the current one), from the ledger alone; so a past month's statement never changes.
 */

const MOVEMENT_TITLES: Readonly<Record<LedgerEntryKind, string>> = {
  payout: 'Выдача займа',
  interest: 'Начислены проценты',
  penalty: 'Начислена неустойка (пени)',
  payment: 'Платёж',
  prolongation_fee: 'Оплата продления',
  refund: 'Возврат на карту',
  reversal: 'Сторно',
  insurance_premium: 'Страховка, удержанная из суммы займа',
  write_off: 'Списаны начисления за дни, пока шёл платёж (ст. 415 ГК РФ)',
  insurance_refund: 'Возврат страховой премии на карту после отказа от страховки',
};

interface Period {
  readonly from: IsoDate;
  readonly to: IsoDate;
}

/** The month's first day and its last — or today, for the current month. */
function periodOf(month: string, today: IsoDate, givenOn: IsoDate): Period {
  const from = `${month}-01`;
  const nextMonth = addDays(`${month}-28`, 4).slice(0, 7);
  const last = addDays(`${nextMonth}-01`, -1);
  const to = compareDates(last, today) < 0 ? last : today;
  if (compareDates(from, today) > 0 || compareDates(last, givenOn) < 0) {
    throw new AppError('STATEMENT_MONTH_OUT_OF_RANGE', { field: 'month' });
  }
  return { from, to };
}

function movementsIn(rows: readonly LoanLedgerRow[], period: Period): StatementMovement[] {
  return rows
    .filter(
      (row) =>
        compareDates(row.entryDate, period.from) >= 0 &&
        compareDates(row.entryDate, period.to) <= 0,
    )
    .sort((a, b) => compareDates(a.entryDate, b.entryDate) || a.id - b.id)
    .map((row) => ({
      date: row.entryDate,
      title: MOVEMENT_TITLES[row.kind],
      amount: kopecks(row.amount),
    }));
}

/** The loan card's figures as they stood at the period's last day. */
function figuresAt(
  terms: LoanTerms | null,
  rows: readonly LoanLedgerRow[],
  day: IsoDate,
  limits: LoanLimits,
) {
  const position = loanPositionOn(terms, rows, day, limits);
  if (!position) throw new AppError('STATEMENT_NOT_READY');
  const closed = position.balance.total === 0n;
  return {
    ...position.balance,
    dueDate: position.dueDate,
    dueDateTotal: closed ? null : (position.onDueDate?.total ?? null),
    charged: position.charged,
    chargesCap: position.chargesCap,
  };
}

export function loanStatementData(
  ctx: Pick<AppContext, 'config'>,
  order: LoanOrderRow,
  loan: { rows: readonly LoanLedgerRow[]; terms: LoanTerms | null },
  input: { month: string; today: IsoDate },
): LoanStatementData {
  const { rows, terms } = loan;
  const payout = rows.find((row) => row.kind === 'payout');
  if (!payout) throw new AppError('STATEMENT_NOT_READY');
  const period = periodOf(input.month, input.today, payout.entryDate);
  return {
    company: ctx.config.company,
    client: clientDetails(order.clientSnapshot),
    version: editionOf('loan_statement').version,
    date: period.to,
    loan: {
      contractNumber: order.contractNumber ?? String(order.id),
      contractDate: payout.entryDate,
      principal: kopecks(payout.amount),
    },
    period,
    movements: movementsIn(rows, period),
    figures: figuresAt(terms, rows, period.to, ctx.config.loans.servicing.limits),
  };
}

/** GET /documents/file/loan_statement?order_id=&month= — another's order 404, no payout 409. */
export async function loanStatementPdf(
  ctx: Pick<AppContext, 'db' | 'config' | 'clock'>,
  input: { clientId: number; orderId: number; month?: string; onForeign: OrderAccessDenied },
): Promise<Buffer> {
  const order = await ownOrder(ctx.db, input.clientId, input.orderId, input.onForeign);
  const loan = await loadLoanTerms(ctx.db, order);
  const today = moscowDate(ctx.clock.now());
  const data = loanStatementData(ctx, order, loan, {
    month: input.month ?? today.slice(0, 7),
    today,
  });
  return renderDocument('loan_statement', data);
}
