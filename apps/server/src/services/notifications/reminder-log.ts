import type { CrmReminder, IsoDate } from '@zaymo/contract';
import { desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { loanOrders, loanReminders, type LoanReminderRow } from '../../db/schema';

/*
 * The console's log of the automatic messages: what went out, what waits for an allowed moment
 * and what was not sent, each with the refusal's code, reason and article.
 */

type LogContext = Pick<AppContext, 'db'>;

const SHOWN = 100;

function stateOf(row: LoanReminderRow): CrmReminder['state'] {
  return row.state === 'pending' ? 'waiting' : row.state;
}

function reminderView(row: LoanReminderRow, contractNumber: string | null): CrmReminder {
  return {
    id: row.id,
    order_id: row.orderId,
    contract_number: contractNumber ?? `№${row.orderId}`,
    kind: row.kind,
    day: row.day,
    due_date: row.dueDate as IsoDate,
    state: stateOf(row),
    channels: (row.channels ?? []).filter((channel) => channel === 'sms' || channel === 'email'),
    text: row.text,
    sent_at: row.sentAt?.toISOString() ?? null,
    next_attempt_at: row.state === 'pending' ? row.nextAttemptAt.toISOString() : null,
    attempts: row.attempts,
    refusal:
      row.refusalCode && row.refusalReason && row.refusedAt
        ? {
            code: row.refusalCode,
            reason: row.refusalReason,
            law: row.refusalLaw,
            at: row.refusedAt.toISOString(),
          }
        : null,
    created_at: row.createdAt.toISOString(),
  };
}

async function remindersWhere(
  ctx: LogContext,
  filter: ReturnType<typeof eq>,
): Promise<CrmReminder[]> {
  const rows = await ctx.db
    .select({ reminder: loanReminders, contractNumber: loanOrders.contractNumber })
    .from(loanReminders)
    .innerJoin(loanOrders, eq(loanOrders.id, loanReminders.orderId))
    .where(filter)
    .orderBy(desc(loanReminders.id))
    .limit(SHOWN);
  return rows.map(({ reminder, contractNumber }) => reminderView(reminder, contractNumber));
}

export function remindersOfLoan(ctx: LogContext, orderId: number): Promise<CrmReminder[]> {
  return remindersWhere(ctx, eq(loanReminders.orderId, orderId));
}

export function remindersOfClient(ctx: LogContext, clientId: number): Promise<CrmReminder[]> {
  return remindersWhere(ctx, eq(loanReminders.clientId, clientId));
}
