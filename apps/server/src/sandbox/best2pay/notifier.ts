import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import type { Database } from '../../db';
import { operationXml } from './answers';
import { findOperation, findOrder, markNotified } from './store';

/*
 * Posts the signed `<operation>` of every finished operation to the sector's notify address (or
 * the order's notify_url), like the real gateway: raw XML, «ok» expected, a few retries. It runs
 * in the background of the request that finished the operation; close() waits for what is in
 * flight and cancels pending retries.
 */

/** Waits before the 1st, 2nd, 3rd attempt. */
const RETRY_DELAYS_MS = [0, 300, 1500] as const;

export interface NotifierOptions {
  readonly db: Database;
  readonly clock: Clock;
  readonly sector: string;
  readonly password: string;
  /** Where the sector's notifications go when the order named none. */
  readonly defaultUrl: string;
  readonly enabled: boolean;
  readonly fetch: typeof fetch;
  readonly log: FastifyBaseLogger;
}

export class SandboxNotifier {
  private readonly inFlight = new Set<Promise<void>>();
  private readonly stop = new AbortController();

  constructor(private readonly options: NotifierOptions) {}

  /** Schedules the notification of a finished operation; returns at once. */
  send(operationId: number): void {
    if (!this.options.enabled || this.stop.signal.aborted) return;
    const delivery = this.deliver(operationId)
      .catch((error: unknown) => {
        this.options.log.warn({ err: error, operationId }, 'sandbox notification failed');
      })
      .finally(() => this.inFlight.delete(delivery));
    this.inFlight.add(delivery);
  }

  /** Resolves when every notification sent so far is delivered or given up. */
  async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  async close(): Promise<void> {
    this.stop.abort();
    await this.settled();
  }

  private async deliver(operationId: number): Promise<void> {
    for (const delay of RETRY_DELAYS_MS) {
      if (delay > 0 && !(await this.wait(delay))) return;
      const document = await this.document(operationId);
      if (!document) return;
      if (await this.post(document.url, document.xml)) {
        await markNotified(this.options.db, operationId, this.options.clock.now());
        return;
      }
    }
    this.options.log.warn({ operationId }, 'sandbox notification not accepted');
  }

  private async document(operationId: number): Promise<{ url: string; xml: string } | null> {
    const { db, sector, password } = this.options;
    const operation = await findOperation(db, operationId);
    const order = operation && (await findOrder(db, sector, operation.orderId));
    if (!operation || !order) return null;
    const url = order.notifyUrl ?? this.options.defaultUrl;
    return { url, xml: operationXml(order, operation, password) };
  }

  private async post(url: string, xml: string): Promise<boolean> {
    try {
      const response = await this.options.fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/xml; charset=UTF-8' },
        body: xml,
        signal: AbortSignal.timeout(10_000),
      });
      const text = await response.text();
      return response.ok && text.trim().toLowerCase() === 'ok';
    } catch {
      return false;
    }
  }

  /** False when the notifier was closed meanwhile. */
  private wait(ms: number): Promise<boolean> {
    const { signal } = this.stop;
    if (signal.aborted) return Promise.resolve(false);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(true), ms);
      signal.addEventListener('abort', () => {
        clearTimeout(timer);
        resolve(false);
      });
    });
  }
}
