import {
  toMoneyString,
  type CreditHolidayRequest,
  type CrmCreditHoliday,
  type Kopecks,
} from '@zaymo/contract';
import type { CreditHolidayDocumentRow, CreditHolidayRow, LoanOrderRow } from '../../db/schema';
import { fileLink } from '../documents/catalogue';

export function noticeLink(orderId: number): string {
  return fileLink('credit_holiday_notice', { order_id: String(orderId) });
}

export function presentHoliday(
  row: CreditHolidayRow,
  order: LoanOrderRow,
  documents: readonly CreditHolidayDocumentRow[],
  figures: { dueOnNewDate: Kopecks | null; decideBy: string },
): CreditHolidayRequest {
  const { dueOnNewDate } = figures;
  const approved = row.status === 'approved';
  return {
    id: row.id,
    order_id: row.orderId,
    contract_number: order.contractNumber ?? String(order.id),
    ground: row.ground,
    status: row.status,
    start_date: row.startDate,
    until_date: row.untilDate,
    months: row.months,
    reason: row.reason,
    created_at: row.createdAt.toISOString(),
    decide_by: figures.decideBy,
    decided_at: row.decidedAt?.toISOString() ?? null,
    documents: documents.map((file) => ({
      id: file.id,
      name: file.originalName,
      content_type: file.contentType,
      size: file.size,
    })),
    due_date_before: row.dueDateBefore,
    due_date_after: row.dueDateAfter,
    due_on_new_date: approved && dueOnNewDate !== null ? toMoneyString(dueOnNewDate) : null,
    notice_link: approved ? noticeLink(row.orderId) : null,
  };
}

export function presentCrmHoliday(
  view: CreditHolidayRequest,
  extra: {
    clientName: string;
    loanAmount: Kopecks;
    decidedBy: string | null;
    clientId: number;
    overdue: boolean;
  },
): CrmCreditHoliday {
  return {
    ...view,
    client_id: extra.clientId,
    client_name: extra.clientName,
    loan_amount: toMoneyString(extra.loanAmount),
    decided_by: extra.decidedBy,
    decision_overdue: extra.overdue,
  };
}
