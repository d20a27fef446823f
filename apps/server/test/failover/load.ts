import { randomBytes } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import {
  kopecks,
  ORDER_STATUS,
  orderResponseSchema,
  payLoanResponseSchema,
  type PayLoanRequest,
  toMoneyString,
} from '@zaymo/contract';
import { sql } from 'drizzle-orm';
import { selectRows, type Database } from '../../src/db';
import { operationXml } from '../../src/sandbox/best2pay/answers';
import { findOperation, findOrder } from '../../src/sandbox/best2pay/store';
import { formOf } from '../api/cards-helpers';
import type { Borrower } from '../api/orders-helpers';
import { httpsRequest, type HttpsAnswer } from '../prod/https-app';

/** What a load client pays with; the payment system is the card's. */
type PaymentBody = Omit<PayLoanRequest, 'payment_system_id'>;

/*
 * The clients of the failover test, each a loop of what a signed-in client does: the payout of a
 * signed contract, then the cabinet's reads and repayments by card (charged by token) or on the
 * gateway's card page (settled by the gateway's notification), while a replayer posts the
 * gateway's signed notifications again, as Best2Pay does. A failed request (no answer, or 5xx)
 * is retried with the same Idempotency-Key, as the web app does, until a final answer. Every
 * request and every money operation is recorded with its times.
 */

/** How long a client waits before asking again: after a failure, and while an operation is pending. */
const RETRY_MS = 300;
const PENDING_MS = 1_000;
const APPROVING_CARD = {
  pan: '2200 0000 0000 0004',
  expiry: '12/30',
  holder: 'IVAN IVANOV',
  cvc: '123',
};

export interface Attempt {
  readonly what: string;
  readonly started: number;
  readonly ended: number;
  /** HTTP status, or 0 when no answer came. */
  readonly status: number;
  /** A 5xx answer's error code (DATABASE_UNAVAILABLE…), or the connection's error. */
  readonly reason?: string;
}

export type MoneyKind = 'payout' | 'card' | 'page';

export interface MoneyOperation {
  readonly kind: MoneyKind;
  readonly clientId: number;
  readonly orderId: number;
  readonly key: string;
  /** Kopecks. */
  readonly amount: bigint;
  readonly started: number;
  attempts: number;
  /** Attempts that got no answer or a 5xx: each was retried with the same key. */
  failedAttempts: number;
  /** When the client was told the money moved (approved / GIVEN); null: never. */
  acknowledged: number | null;
  /** Declined, failed, or a page given up: the client starts again with a new key. */
  abandoned: boolean;
}

export interface LoadClient {
  readonly borrower: Borrower;
  readonly orderId: number;
  /** Kopecks paid out. */
  readonly principal: bigint;
  contract: string | null;
}

export interface LoadOptions {
  readonly nginx: { port: number; ca: string };
  /** The database the instances use (the sandbox gateway's tables too), through HAProxy. */
  readonly db: Database;
  readonly sandbox: { sector: string; password: string };
}

export function isFailure(attempt: Attempt): boolean {
  return attempt.status === 0 || attempt.status >= 500;
}

export class Load {
  readonly attempts: Attempt[] = [];
  readonly operations: MoneyOperation[] = [];
  notificationsReplayed = 0;
  private stopping = false;

  constructor(private readonly options: LoadOptions) {}

  stop(): void {
    this.stopping = true;
  }

  /** One client: the payout, then reads and repayments until stop(); ends with no operation open. */
  async runClient(client: LoadClient, startAfterMs: number): Promise<void> {
    await delay(startAfterMs);
    if (!client.contract) client.contract = await this.payOut(client);
    for (let round = 1; !this.stopping; round += 1) {
      await this.readCabinet(client);
      if (round % 3 === 0) await this.payOnPage(client, 1500n);
      else await this.payByCard(client, 1000n);
    }
  }

  /** Posts signed notifications of approved gateway operations again until stop(). */
  async replayNotifications(): Promise<void> {
    while (!this.stopping) {
      const xml = await this.someNotification().catch(() => null);
      if (xml) {
        await this.untilAnswered(() =>
          this.request({
            method: 'POST',
            url: '/api/pay/notify/best2pay',
            headers: { 'content-type': 'application/xml; charset=UTF-8' },
            payload: xml,
          }),
        );
        this.notificationsReplayed += 1;
      }
      await delay(RETRY_MS);
    }
  }

  private async someNotification(): Promise<string | null> {
    const { db, sandbox } = this.options;
    const [row] = await selectRows<{ id: string; order_id: string }>(
      db,
      sql`select id, order_id from sandbox.b2p_operations where state = 'APPROVED'
          order by random() limit 1`,
    );
    if (!row) return null;
    const operation = await findOperation(db, Number(row.id));
    const order = operation && (await findOrder(db, sandbox.sector, Number(row.order_id)));
    return operation && order ? operationXml(order, operation, sandbox.password) : null;
  }

  private async readCabinet(client: LoadClient): Promise<void> {
    for (const url of [
      '/api/clients/orders',
      '/api/clients/history',
      '/api/documents/client_documents',
    ]) {
      const answer = await this.request({ method: 'GET', url, headers: client.borrower.headers });
      if (answer && answer.statusCode !== 200 && answer.statusCode < 500)
        throw new Error(`GET ${url}: ${answer.statusCode} ${answer.body}`);
    }
  }

  /** POST /orders/{id}/payout until the order is GIVEN; the contract number. */
  private async payOut(client: LoadClient): Promise<string> {
    for (;;) {
      const operation = this.begin('payout', client, client.principal);
      for (;;) {
        const answer = await this.attempt(operation, {
          method: 'POST',
          url: `/api/orders/${client.orderId}/payout`,
          headers: { ...client.borrower.headers, 'idempotency-key': operation.key },
          remoteAddress: client.borrower.ip,
        });
        if (!answer || answer.statusCode >= 500) {
          await delay(RETRY_MS);
          continue;
        }
        if (
          answer.statusCode === 409 &&
          answer.json<{ code?: string }>().code === 'PAYOUT_IN_FLIGHT'
        ) {
          await delay(PENDING_MS);
          continue;
        }
        if (answer.statusCode !== 200)
          throw new Error(`payout: ${answer.statusCode} ${answer.body}`);
        const order = orderResponseSchema.parse(answer.json()).data.order;
        if (order.status_id === ORDER_STATUS.GIVEN && order.contract_number) {
          operation.acknowledged = Date.now();
          return order.contract_number;
        }
        operation.abandoned = true;
        break;
      }
    }
  }

  /** A part repayment charged to the bound card by token, asked again until final. */
  private async payByCard(client: LoadClient, amount: bigint): Promise<void> {
    const operation = this.begin('card', client, amount);
    const query: PaymentBody = {
      type: 'part',
      amount: money(amount),
      card_id: client.borrower.cardId ?? 0,
    };
    const status = await this.untilFinal(client, operation, query);
    if (status === 'approved') operation.acknowledged = Date.now();
    else operation.abandoned = true;
  }

  /**
   * A part repayment on the gateway's card page: the page is registered, the card posted to
   * it, and the payment asked about (same key) until the notification has settled it.
   */
  private async payOnPage(client: LoadClient, amount: bigint): Promise<void> {
    const operation = this.begin('page', client, amount);
    const query: PaymentBody = { type: 'part', amount: money(amount) };
    const started = await this.payment(client, operation, query);
    if (started.status !== 'redirect' || !started.url) {
      // The page's address was in an answer that never arrived: the next payment closes it.
      operation.abandoned = true;
      return;
    }
    await this.submitCard(operation, new URL(started.url));
    const status = await this.untilFinal(client, operation, query);
    if (status === 'approved') operation.acknowledged = Date.now();
    else operation.abandoned = true;
  }

  private async untilFinal(
    client: LoadClient,
    operation: MoneyOperation,
    query: PaymentBody,
  ): Promise<string> {
    for (;;) {
      const { status } = await this.payment(client, operation, query);
      if (status !== 'pending' && status !== 'redirect') return status;
      await delay(PENDING_MS);
    }
  }

  /** POST /pay/payment/{contract} with the operation's key until it answers. */
  private async payment(
    client: LoadClient,
    operation: MoneyOperation,
    query: PaymentBody,
  ): Promise<{ status: string; url: string | null }> {
    const answer = await this.untilAnswered(() =>
      this.attempt(operation, {
        method: 'POST',
        url: `/api/pay/payment/${encodeURIComponent(client.contract ?? '')}`,
        payload: { payment_system_id: 1, ...query },
        headers: { ...client.borrower.headers, 'idempotency-key': operation.key },
        remoteAddress: client.borrower.ip,
      }),
    );
    if (answer.statusCode !== 200) throw new Error(`payment: ${answer.statusCode} ${answer.body}`);
    const { status, url } = payLoanResponseSchema.parse(answer.json()).data;
    return { status, url };
  }

  /** The card page: opened, the card posted; an order already paid there is done too. */
  private async submitCard(operation: MoneyOperation, page: URL): Promise<void> {
    for (;;) {
      const opened = await this.untilAnswered(() =>
        this.attempt(operation, { method: 'GET', url: `${page.pathname}${page.search}` }),
      );
      if (opened.statusCode === 409) return;
      const form = formOf(opened.body, page);
      const posted = await this.attempt(operation, {
        method: 'POST',
        url: `${form.action.pathname}${form.action.search}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ ...form.fields, ...APPROVING_CARD }).toString(),
      });
      if (posted && (posted.statusCode === 303 || posted.statusCode === 409)) return;
      await delay(RETRY_MS);
    }
  }

  private begin(kind: MoneyKind, client: LoadClient, amount: bigint): MoneyOperation {
    const operation: MoneyOperation = {
      kind,
      clientId: client.borrower.client.id,
      orderId: client.orderId,
      key: randomBytes(12).toString('hex'),
      amount,
      started: Date.now(),
      attempts: 0,
      failedAttempts: 0,
      acknowledged: null,
      abandoned: false,
    };
    this.operations.push(operation);
    return operation;
  }

  private async untilAnswered(send: () => Promise<HttpsAnswer | null>): Promise<HttpsAnswer> {
    for (;;) {
      const answer = await send();
      if (answer && answer.statusCode < 500) return answer;
      await delay(RETRY_MS);
    }
  }

  /** A request of a money operation, counted against it. */
  private async attempt(
    operation: MoneyOperation,
    options: Parameters<typeof httpsRequest>[1],
  ): Promise<HttpsAnswer | null> {
    operation.attempts += 1;
    const answer = await this.request(options);
    if (!answer || answer.statusCode >= 500) operation.failedAttempts += 1;
    return answer;
  }

  /** One request through nginx, recorded; null when no answer came (connection failed). */
  private async request(options: Parameters<typeof httpsRequest>[1]): Promise<HttpsAnswer | null> {
    const started = Date.now();
    const what = `${options.method} ${options.url.split('?')[0] ?? ''}`;
    try {
      const answer = await httpsRequest(this.options.nginx, options);
      const reason = answer.statusCode >= 500 ? errorCode(answer.body) : undefined;
      this.attempts.push({ what, started, ended: Date.now(), status: answer.statusCode, reason });
      return answer;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.attempts.push({ what, started, ended: Date.now(), status: 0, reason });
      return null;
    }
  }
}

function errorCode(body: string): string {
  try {
    return String((JSON.parse(body) as { code?: unknown }).code);
  } catch {
    return body.slice(0, 80);
  }
}

function money(amount: bigint): string {
  return toMoneyString(kopecks(amount));
}
