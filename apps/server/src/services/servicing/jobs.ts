import { ORDER_STATUS, moscowDate } from '@zaymo/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { defaultPublicUrl } from '../../config';
import type { AppContext } from '../../context';
import { keepMonthPartitionsAhead } from '../../db/partitions';
import { autopayAttempts, cards, loanOrders } from '../../db/schema';
import type { PaymentsGateway } from '../../integrations/payments';
import { payCooledLoans } from '../loans/cooling-off';
import { runReminders } from '../notifications/reminders';
import { accrueOpenLoans } from './accrual';
import { reconcileStaleOperations } from './reconciliation';
import { sendQueuedInsuranceRefunds } from './insurance-refunds';
import { sendQueuedRefunds } from './refunds';
import { payLoan } from './repayment';
import { timed, type JobTiming } from '../job-runs';

type JobContext = Pick<AppContext, 'db' | 'clock' | 'config' | 'messaging'>;

/*
 * Background work of servicing: the accrual job (every ACCRUAL_SECONDS), the payout of loans whose
 * cooling-off has ended (loans/cooling-off.ts) and autopay on the due date. An autopay attempt is claimed by its unique (order, due date) row first, so however many
 * instances and runs there are, a card is charged at most once per due date — a decline is
 * logged and not retried (no retry storm); the client pays by hand.
 */

interface AutopayTarget {
  readonly orderId: number;
  readonly clientId: number;
  readonly contractNumber: string;
  readonly cardId: number;
  readonly dueDate: string;
}

async function autopayTargets(ctx: JobContext, today: string): Promise<AutopayTarget[]> {
  const rows = await ctx.db
    .select({
      orderId: loanOrders.id,
      clientId: loanOrders.clientId,
      contractNumber: loanOrders.contractNumber,
      cardId: cards.id,
    })
    .from(loanOrders)
    .innerJoin(cards, eq(cards.clientId, loanOrders.clientId))
    .where(
      and(
        eq(loanOrders.statusId, ORDER_STATUS.GIVEN),
        eq(loanOrders.dueDate, today),
        eq(cards.isAutopay, true),
        isNull(cards.deletedAt),
      ),
    );
  return rows.flatMap((row) =>
    row.contractNumber ? [{ ...row, contractNumber: row.contractNumber, dueDate: today }] : [],
  );
}

async function claimAttempt(ctx: JobContext, target: AutopayTarget): Promise<boolean> {
  const inserted = await ctx.db
    .insert(autopayAttempts)
    .values({ orderId: target.orderId, dueDate: target.dueDate, createdAt: ctx.clock.now() })
    .onConflictDoNothing()
    .returning({ id: autopayAttempts.id });
  return inserted.length > 0;
}

/** Charges the autopay card of every loan due today, once per due date. */
export async function runAutopay(
  ctx: JobContext,
  gateway: PaymentsGateway,
  log: FastifyBaseLogger,
): Promise<number> {
  const today = moscowDate(ctx.clock.now());
  let charged = 0;
  for (const target of await autopayTargets(ctx, today)) {
    if (!(await claimAttempt(ctx, target))) continue;
    try {
      const answer = await payLoan(ctx, gateway, log, {
        payer: { kind: 'client', clientId: target.clientId, onForeign: () => undefined },
        contractNumber: target.contractNumber,
        idempotencyKey: `autopay-${target.orderId}-${target.dueDate}`,
        type: 'full',
        cardId: target.cardId,
        returnBaseUrl: defaultPublicUrl(ctx.config),
      });
      log.info({ orderId: target.orderId, status: answer.status }, 'Автоплатёж');
      if (answer.status === 'approved') charged += 1;
    } catch (error) {
      log.error({ err: error, orderId: target.orderId }, 'Автоплатёж не выполнен');
    }
  }
  return charged;
}

/** Runs both jobs now and then, inside the server process; stop() waits for a run under way. */
export class ServicingJobs {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<JobTiming[]> | null = null;

  constructor(
    private readonly ctx: JobContext,
    private readonly gateway: PaymentsGateway | null,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    const seconds = this.ctx.config.loans.servicing.accrualSeconds;
    if (seconds <= 0 || this.timer) return;
    // A run logs its own failure and the next tick tries again: nothing is left to handle here.
    this.timer = setInterval(() => void this.tick(), seconds * 1000);
    this.timer.unref();
  }

  /**
   * One run of the coming months' log partitions; then accrual beside the gateway's jobs (cooled
   * payouts, autopay, refunds, reconciliation) followed by the automatic messages. Each job works
   * until nothing is left for this instance; never two runs at once. What each took.
   */
  tick(): Promise<JobTiming[]> {
    this.running ??= this.runOnce().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** A run that starts after this call: one under way may have read the clock before it moved. */
  async runAfresh(): Promise<JobTiming[]> {
    await this.running;
    return this.tick();
  }

  private async runOnce(): Promise<JobTiming[]> {
    await keepMonthPartitionsAhead(this.ctx, this.log);
    // Side by side: accrual computes while the gateway's jobs and the messages mostly wait for
    // answers. A loan a gateway job holds is skipped by accrual and synced by that job, as a
    // client's payment is; a message quotes the loan's debt accrued to today, booked yet or not.
    const [accrual, others] = await Promise.all([this.accrue(), this.paymentsThenMessages()]);
    return [...accrual, ...others];
  }

  private async accrue(): Promise<JobTiming[]> {
    try {
      return [await timed('accrual', () => accrueOpenLoans(this.ctx))];
    } catch (error) {
      this.log.error({ err: error }, 'Начисления по займам не выполнены, повторим позже');
      return [];
    }
  }

  /** The gateway's jobs, then the messages: a payment reconciliation confirms is not dunned. */
  private async paymentsThenMessages(): Promise<JobTiming[]> {
    const payments = await this.gatewayJobs();
    const reminders = await this.remind();
    return reminders ? [...payments, reminders] : payments;
  }

  /** Cooled payouts, autopay, refunds and reconciliation, one after another. */
  private async gatewayJobs(): Promise<JobTiming[]> {
    const { ctx, gateway, log } = this;
    if (!gateway) return [];
    const timings: JobTiming[] = [];
    try {
      timings.push(await timed('cooled payouts', () => payCooledLoans(ctx, gateway, log)));
      timings.push(await timed('autopay', () => runAutopay(ctx, gateway, log)));
      timings.push(await timed('refunds', () => sendQueuedRefunds(ctx, gateway, log)));
      timings.push(
        await timed('insurance refunds', () => sendQueuedInsuranceRefunds(ctx, gateway, log)),
      );
      timings.push(
        await timed('reconciliation', () => reconcileStaleOperations(ctx, gateway, log)),
      );
    } catch (error) {
      log.error({ err: error }, 'Платёжные задания не выполнены, повторим позже');
    }
    return timings;
  }

  private async remind(): Promise<JobTiming | null> {
    try {
      return await timed('reminders', async () => {
        const run = await runReminders(this.ctx, this.log);
        const items = run.sent + run.waiting + run.dropped;
        if (items > 0) this.log.info(run, 'Автоматические сообщения');
        return items;
      });
    } catch (error) {
      this.log.error({ err: error }, 'Автоматические сообщения не отправлены, повторим позже');
      return null;
    }
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
