import type { CrmCreditHoliday, IsoDate } from '@zaymo/contract';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import { clients } from '../../db/schema';
import { formatDate } from '../../documents/pdf/format';

/*
 * The client learns of the decision by SMS as well as in the cabinet (353-FZ art. 6.1-1: the
 * lender notifies the borrower of the holiday or of the refusal). It is a service message about
 * the client's own loan: no marketing consent is asked (38-FZ does not apply) and it is no
 * collection contact (230-FZ counts only messages about an overdue debt). It goes after the
 * decision is committed; a provider failure is logged and leaves the decision as it is — the
 * cabinet shows it either way.
 */

type SmsContext = Pick<AppContext, 'db' | 'messaging'>;

export function decisionSmsText(holiday: CrmCreditHoliday): string {
  const contract = `по договору № ${holiday.contract_number}`;
  if (holiday.status === 'approved') {
    const from = formatDate(holiday.start_date as IsoDate);
    const until = formatDate(holiday.until_date as IsoDate);
    const due = formatDate((holiday.due_date_after ?? undefined) as IsoDate | undefined);
    return (
      `Займо: кредитные каникулы ${contract} одобрены с ${from} по ${until}. ` +
      `Новая дата платежа ${due}. Подробности в личном кабинете.`
    );
  }
  return `Займо: в кредитных каникулах ${contract} отказано. Причина — в личном кабинете.`;
}

export async function sendDecisionSms(
  ctx: SmsContext,
  holiday: CrmCreditHoliday,
  log: FastifyBaseLogger,
): Promise<void> {
  const [client] = await ctx.db
    .select({ phone: clients.phone })
    .from(clients)
    .where(eq(clients.id, holiday.client_id));
  if (!client) return;
  try {
    await ctx.messaging.sms.send({ to: client.phone, text: decisionSmsText(holiday) });
  } catch (error) {
    log.error({ err: error, holidayId: holiday.id }, 'SMS о решении по каникулам не ушло');
  }
}
