import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import type { CreditBureau } from '../../integrations/bureau';
import { scoreOrder, sweepStuckOrders } from './scoring';

/**
 * Background work of loan origination inside the server process: scoring right after an order
 * is made, and a periodic sweep for orders a restart left unscored. Jobs are tracked so that
 * closing the app waits for them instead of pulling the database from under them.
 */
export class LoanBackground {
  private readonly running = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | null = null;
  private sweeping = false;

  constructor(
    private readonly ctx: AppContext,
    private readonly bureau: CreditBureau | null,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Runs `work` after the current request, logging (never throwing) its failure. */
  run(name: string, work: () => Promise<unknown>): void {
    const job = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .then(
        () => undefined,
        (error: unknown) =>
          this.log.error({ err: error, job: name }, 'Фоновая задача не выполнена'),
      )
      .finally(() => this.running.delete(job));
    this.running.add(job);
  }

  /** Scoring of a new order, in-process; the sweep is the safety net (and asks a silent bureau again). */
  scoreSoon(orderId: number): void {
    this.run(`score:${orderId}`, () => scoreOrder(this.ctx, orderId, this.bureau));
  }

  startSweep(): void {
    const seconds = this.ctx.config.loans.scoring.sweepSeconds;
    if (seconds <= 0 || this.timer) return;
    this.timer = setInterval(() => this.sweepOnce(), seconds * 1000);
    this.timer.unref();
  }

  private sweepOnce(): void {
    if (this.sweeping) return;
    this.sweeping = true;
    this.run('scoring-sweep', async () => {
      try {
        const decided = await sweepStuckOrders(this.ctx, this.bureau, {
          onError: (orderId, error) =>
            this.log.error({ err: error, orderId }, 'Скоринг заявки не выполнен, повторим позже'),
        });
        if (decided > 0) this.log.info({ decided }, 'Скоринг: решены зависшие заявки');
      } finally {
        this.sweeping = false;
      }
    });
  }

  /** Stops the sweep and waits for the jobs under way. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    while (this.running.size > 0) await Promise.all([...this.running]);
  }
}
