import { kopecks, moscowDate } from '@zaymo/contract';
import type { AppContext } from '../../context';
import { renderDocument } from '../../documents/pdf';
import type { CreditHolidayRow, LoanOrderRow } from '../../db/schema';
import { AppError } from '../../errors';
import { editionOf } from '../documents/catalogue';
import { clientDetails } from '../documents/data';
import { ownOrder, type OrderAccessDenied } from '../loans/db';
import { approvedHolidaysOf } from './store';

/*
 * «Уведомление об изменении условий: кредитные каникулы»: issued when a holiday is approved,
 * dated the approval day, with the holiday's period and the new schedule (the new due date and
 * the sum due on it, recorded at approval).
 */

type NoticeContext = Pick<AppContext, 'db' | 'clock' | 'config'>;

/** The notice states the figures of the approval day, so every download gives the same bytes. */
function noticeData(ctx: NoticeContext, order: LoanOrderRow, row: CreditHolidayRow) {
  return {
    company: ctx.config.company,
    client: clientDetails(order.clientSnapshot),
    version: editionOf('credit_holiday_notice').version,
    date: moscowDate(row.decidedAt ?? ctx.clock.now()),
    contractNumber: order.contractNumber ?? String(order.id),
    contractDate: moscowDate(order.givenAt ?? order.createdAt),
    ground: row.ground,
    from: row.startDate,
    until: row.untilDate,
    dueDateBefore: row.dueDateBefore,
    dueDateAfter: row.dueDateAfter ?? row.dueDateBefore,
    dueOnNewDate: kopecks(row.dueOnNewDate ?? 0n),
    holidayDayPercent: row.dayPercent,
    contractDayPercent: order.dayPercent,
  };
}

/** GET /documents/file/credit_holiday_notice?order_id= — another's 404, none approved 409. */
export async function creditHolidayNoticePdf(
  ctx: NoticeContext,
  input: { clientId: number; orderId: number; onForeign: OrderAccessDenied },
): Promise<Buffer> {
  const order = await ownOrder(ctx.db, input.clientId, input.orderId, input.onForeign);
  const [row] = (await approvedHolidaysOf(ctx.db, order.id)).slice(-1);
  if (!row) throw new AppError('CREDIT_HOLIDAY_NOT_APPROVED');
  return renderDocument('credit_holiday_notice', noticeData(ctx, order, row));
}
