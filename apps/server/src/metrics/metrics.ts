import { ORDER_STATUS } from '@zaymo/contract';
import { sql } from 'drizzle-orm';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database, PoolStats } from '../db';
import { selectRows } from '../db';

/**
 * Prometheus metrics of one instance, in a registry of its own so that several apps in
 * one test process never share counters. What happens inside this process (HTTP, gateway calls,
 * SMS and e-mail sends) is counted as it happens; what the whole cluster shares (payments and
 * payouts by outcome, how late background work is) is read from the database at scrape time, so
 * every instance reports the same truth however the work was spread.
 */
export class AppMetrics {
  readonly registry = new Registry();

  readonly httpDuration = new Histogram({
    name: 'zaymo_http_request_duration_seconds',
    help: 'Время ответа HTTP по шаблону маршрута, методу и статусу',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  readonly messagesSent = new Counter({
    name: 'zaymo_messages_sent_total',
    help: 'Отправки SMS и e-mail по каналу, провайдеру и исходу (sent / failed)',
    labelNames: ['channel', 'provider', 'outcome'] as const,
    registers: [this.registry],
  });

  readonly gatewayDuration = new Histogram({
    name: 'zaymo_gateway_request_duration_seconds',
    help: 'Время запросов к платёжному шлюзу по операции и исходу (HTTP-статус или error)',
    labelNames: ['operation', 'outcome'] as const,
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15],
    registers: [this.registry],
  });

  constructor(options: { defaultMetrics?: boolean } = {}) {
    // Process figures (memory, event loop lag, GC); off in tests, where many apps share a process.
    if (options.defaultMetrics) collectDefaultMetrics({ register: this.registry });
  }

  /** Connections of the PostgreSQL pool, read at scrape time. */
  watchPool(poolStats: () => PoolStats): void {
    new Gauge({
      name: 'zaymo_db_pool_connections',
      help: 'Соединения пула PostgreSQL: total, idle, waiting (ждут соединения), max',
      labelNames: ['state'] as const,
      registers: [this.registry],
      collect() {
        const stats = poolStats();
        for (const state of ['total', 'idle', 'waiting', 'max'] as const) {
          this.set({ state }, stats[state]);
        }
      },
    });
  }

  /** Payments and payouts by outcome and the lag of background work, from the shared database. */
  watchDatabase(db: Database, now: () => Date): void {
    new Gauge({
      name: 'zaymo_payment_operations',
      help: 'Платёжные операции (bind, payment, payout, refund) по исходу — по всей базе',
      labelNames: ['kind', 'status'] as const,
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const row of await operationsByOutcome(db)) {
          this.set({ kind: row.kind, status: row.status }, Number(row.count));
        }
      },
    });
    new Gauge({
      name: 'zaymo_job_lag_seconds',
      help: 'Сколько ждёт самая старая работа фоновых задач: scoring (заявка без решения), reconciliation (операция в полёте)',
      labelNames: ['job'] as const,
      registers: [this.registry],
      async collect() {
        const lag = await oldestWaiting(db, now());
        this.set({ job: 'scoring' }, lag.scoring);
        this.set({ job: 'reconciliation' }, lag.reconciliation);
      },
    });
    this.watchCreditHistory(db, now);
  }

  /** The credit-history outbox (218-FZ art. 5): how much is unsent and how old the oldest is. */
  private watchCreditHistory(db: Database, now: () => Date): void {
    new Gauge({
      name: 'zaymo_credit_history_queue',
      help: 'События кредитной истории, не подтверждённые бюро: unsent (все), failing (последняя отправка не удалась)',
      labelNames: ['state'] as const,
      registers: [this.registry],
      async collect() {
        const queue = await creditHistoryQueue(db, now());
        this.set({ state: 'unsent' }, queue.unsent);
        this.set({ state: 'failing' }, queue.failing);
      },
    });
    new Gauge({
      name: 'zaymo_credit_history_oldest_unsent_seconds',
      help: 'Сколько ждёт подтверждения бюро самое старое событие кредитной истории',
      registers: [this.registry],
      async collect() {
        this.set((await creditHistoryQueue(db, now())).oldestSeconds);
      },
    });
  }

  /** Prometheus text format. */
  scrape(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}

function operationsByOutcome(db: Database) {
  return selectRows<{ kind: string; status: string; count: string }>(
    db,
    sql`select kind, status, count(*)::text as count from payment_operations group by kind, status`,
  );
}

async function creditHistoryQueue(db: Database, now: Date) {
  const [row] = await selectRows<{ unsent: string; failing: string; oldest: string | null }>(
    db,
    sql`select count(*)::text as unsent,
      count(*) filter (where last_error is not null)::text as failing,
      extract(epoch from min(occurred_at))::text as oldest
      from credit_history_events where acknowledged_at is null`,
  );
  const oldest = row?.oldest ? Math.max(0, now.getTime() / 1000 - Number(row.oldest)) : 0;
  return {
    unsent: Number(row?.unsent ?? 0),
    failing: Number(row?.failing ?? 0),
    oldestSeconds: oldest,
  };
}

async function oldestWaiting(db: Database, now: Date) {
  // Card bindings wait for the client's card page, not for a job: they are left out.
  const [row] = await selectRows<{ scoring: string | null; reconciliation: string | null }>(
    db,
    sql`select
      (select extract(epoch from min(updated_at)) from loan_orders
        where status_id in (${ORDER_STATUS.NEW}, ${ORDER_STATUS.ACCEPTED}))::text as scoring,
      (select extract(epoch from min(updated_at)) from payment_operations
        where status in ('new', 'pending') and kind <> 'bind')::text as reconciliation`,
  );
  const age = (since: string | null | undefined) =>
    since ? Math.max(0, now.getTime() / 1000 - Number(since)) : 0;
  return { scoring: age(row?.scoring), reconciliation: age(row?.reconciliation) };
}
