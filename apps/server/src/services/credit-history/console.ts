import {
  moscowDate,
  type CrmBureauOverview,
  type CrmBureauRequest,
  type CrmCreditEvent,
} from '@zaymo/contract';
import { and, count, desc, eq, gte, isNotNull, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context';
import {
  bureauRequests,
  clients,
  creditHistoryEvents,
  loanOrders,
  type BureauRequestRow,
  type CreditHistoryEventRow,
} from '../../db/schema';
import { WorkingDays } from './working-days';

/*
 * What the console shows of the bureau: per client (the card) the credit-report requests and the
 * reported events, and on the «БКИ» screen the whole queue — unsent, failing, late, and the
 * events whose deadline is today or the next working day (218-FZ art. 5 part 5, counted on the
 * production calendar).
 */

type ConsoleContext = Pick<AppContext, 'db' | 'clock' | 'config'>;

const calendar = new WorkingDays();
const RECENT = 100;
const PER_CLIENT = 200;
/** Unacknowledged events considered at once for the screen's attention list. */
const ATTENTION_SCAN = 2000;

interface EventRow {
  event: CreditHistoryEventRow;
  contractNumber: string | null;
  surname: string | null;
  name: string | null;
}

function statusOf(row: CreditHistoryEventRow): CrmCreditEvent['status'] {
  if (row.acknowledgedAt) return 'acknowledged';
  return row.lastError ? 'failing' : 'queued';
}

export function deadlineOf(occurredAt: Date, workingDays: number): string {
  return calendar.addWorkingDays(moscowDate(occurredAt), workingDays);
}

function presentEvent(row: EventRow, ctx: ConsoleContext): CrmCreditEvent {
  const { event } = row;
  const today = moscowDate(ctx.clock.now());
  const deadline = deadlineOf(event.occurredAt, ctx.config.creditHistory.deadlineWorkingDays);
  const answered = event.acknowledgedAt ? moscowDate(event.acknowledgedAt) : null;
  const nextWorkingDay = calendar.addWorkingDays(today, 1);
  return {
    id: event.id,
    client_id: event.clientId,
    client_name: [row.surname, row.name].filter(Boolean).join(' ') || null,
    order_id: event.orderId,
    contract_number: row.contractNumber,
    kind: event.kind,
    code: event.code,
    occurred_at: event.occurredAt.toISOString(),
    deadline,
    status: statusOf(event),
    near_deadline: answered === null && deadline >= today && deadline <= nextWorkingDay,
    late: (answered ?? today) > deadline,
    attempts: event.attempts,
    last_sent_at: event.lastSentAt?.toISOString() ?? null,
    acknowledged_at: event.acknowledgedAt?.toISOString() ?? null,
    document_number: event.documentNumber,
    incoming_number: event.incomingNumber,
    last_error: event.lastError,
  };
}

function eventsQuery(ctx: ConsoleContext) {
  return ctx.db
    .select({
      event: creditHistoryEvents,
      contractNumber: loanOrders.contractNumber,
      surname: clients.surname,
      name: clients.name,
    })
    .from(creditHistoryEvents)
    .innerJoin(loanOrders, eq(loanOrders.id, creditHistoryEvents.orderId))
    .innerJoin(clients, eq(clients.id, creditHistoryEvents.clientId));
}

function presentRequest(row: BureauRequestRow): CrmBureauRequest {
  return {
    id: row.id,
    order_id: row.orderId,
    bureau: row.bureau,
    requested_at: row.requestedAt.toISOString(),
    answered_at: row.answeredAt?.toISOString() ?? null,
    outcome: row.outcome,
    consent_version: row.consentVersion,
    consent_accepted_at: row.consentAcceptedAt.toISOString(),
    summary: row.summary && {
      self_ban: row.summary.selfBan,
      open_obligations: row.summary.openObligations,
      monthly_payments: row.summary.monthlyPayments,
      overdue_obligations: row.summary.overdueObligations,
    },
    error: row.error,
  };
}

/** The client card's bureau part: requests and reported events, newest first. */
export async function clientBureau(ctx: ConsoleContext, clientId: number) {
  const requests = await ctx.db
    .select()
    .from(bureauRequests)
    .where(eq(bureauRequests.clientId, clientId))
    .orderBy(desc(bureauRequests.id))
    .limit(PER_CLIENT);
  const events = await eventsQuery(ctx)
    .where(eq(creditHistoryEvents.clientId, clientId))
    .orderBy(desc(creditHistoryEvents.id))
    .limit(PER_CLIENT);
  return {
    bureau_requests: requests.map(presentRequest),
    credit_history: events.map((row) => presentEvent(row, ctx)),
  };
}

async function summaryOf(ctx: ConsoleContext, unacknowledged: readonly CrmCreditEvent[]) {
  const todayStart = new Date(`${moscowDate(ctx.clock.now())}T00:00:00+03:00`);
  const [acknowledged] = await ctx.db
    .select({ count: count() })
    .from(creditHistoryEvents)
    .where(
      and(
        isNotNull(creditHistoryEvents.acknowledgedAt),
        gte(creditHistoryEvents.acknowledgedAt, todayStart),
      ),
    );
  return {
    unsent: unacknowledged.length,
    failing: unacknowledged.filter((event) => event.status === 'failing').length,
    late: unacknowledged.filter((event) => event.late).length,
    acknowledged_today: acknowledged?.count ?? 0,
  };
}

/** GET /crm/bureau: the «БКИ» screen. */
export async function bureauOverview(
  ctx: ConsoleContext,
  bureauName: string | null,
): Promise<CrmBureauOverview> {
  const unacknowledged = (
    await eventsQuery(ctx)
      .where(isNull(creditHistoryEvents.acknowledgedAt))
      .orderBy(creditHistoryEvents.occurredAt)
      .limit(ATTENTION_SCAN)
  ).map((row) => presentEvent(row, ctx));
  const attention = unacknowledged
    .filter((event) => event.near_deadline || event.late || event.status === 'failing')
    .sort((a, b) => a.deadline.localeCompare(b.deadline) || a.id - b.id);
  const recent = await eventsQuery(ctx).orderBy(desc(creditHistoryEvents.id)).limit(RECENT);
  return {
    bureau: bureauName,
    deadline_working_days: ctx.config.creditHistory.deadlineWorkingDays,
    calendar_years: calendar.calendarYears(),
    summary: await summaryOf(ctx, unacknowledged),
    attention,
    recent: recent.map((row) => presentEvent(row, ctx)),
  };
}
