import os from 'node:os';
import path from 'node:path';
import { ORDER_STATUS } from '@zaymo/contract';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../src/db';
import { cards } from '../../src/db/schema';
import { stopsAfter } from '../helpers/stopped-gateway';
import { payLoan } from '../../src/services/servicing/repayment';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { returnQuery, submitCard } from '../api/cards-helpers';
import {
  DAY_MS,
  givenLoan,
  LONG_SESSIONS,
  newKey,
  paid,
  pay,
  sandboxGatewayOf,
  startAtMoscowMorning,
  type Loan,
} from '../api/servicing-helpers';
import {
  installSettings,
  startInstance,
  stopInstance,
  until,
  untilReady,
  type Instance,
} from './cluster';
import { freshDatabase } from './databases';
import { ledgerProblems, queryRows } from './ledger';

/*
 * The background jobs of two instances on the same due items. Thirty loans are made
 * in-process on one PostgreSQL database, then two server processes start on it with their jobs
 * every second, and the shared sandbox clock jumps 30 days: every loan accrues 30 days, ten are
 * due with autopay on, ten have a charge a stopped server left pending (reconciliation), ten have
 * a refund queued. The ledger shows each item handled exactly once.
 */

const GROUP = 10;
const APP_SECRET = 'prod-test-app-secret-of-32-characters-0002';

describe('background jobs of two instances', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  });

  it('30 loans due at once: accrual, autopay, reconciliation and refunds happen once each', async () => {
    const database = await freshDatabase('zaymo_jobs');
    cleanups.push(database.drop);
    const testApp: TestApp = await createTestApp({
      env: { ...LONG_SESSIONS, DATABASE_URL: database.url, APP_SECRET },
      database: await openPostgres(database.url, { sandbox: true }),
    });
    startAtMoscowMorning(testApp);
    const gateway = sandboxGatewayOf(testApp);
    const count = async (text: string, values: unknown[]) =>
      Number((await queryRows<{ n: string }>(database.url, text, values))[0]?.n ?? 0);
    const charged = (orderIds: number[]) =>
      count(
        `select count(*) as n from payment_operations op
         join sandbox.b2p_orders gw_order on gw_order.reference = op.reference
         join sandbox.b2p_operations gw on gw.order_id = gw_order.id
         where op.loan_order_id = any($1::bigint[]) and gw.type = 'PURCHASE' and gw.state = 'APPROVED'`,
        [orderIds],
      );

    // The loans of a group are made at once (requests overlap, as real clients' do).
    const group = (make: () => Promise<Loan>) =>
      Promise.all(Array.from({ length: GROUP }, () => make()));
    // Ten loans whose autopay card is charged on the due date.
    const autopaid = await group(async () => {
      const loan = await givenLoan(testApp);
      await testApp.ctx.db
        .update(cards)
        .set({ isAutopay: true })
        .where(eq(cards.id, loan.borrower.cardId ?? 0));
      return loan;
    });
    // Ten charges the bank made for a server that stopped before hearing the answer.
    const stranded = await group(async () => {
      const loan = await givenLoan(testApp);
      void payLoan(testApp.ctx, stopsAfter(gateway, 'chargeByToken'), testApp.app.log, {
        payer: { kind: 'client', clientId: loan.borrower.client.id, onForeign: () => undefined },
        contractNumber: loan.contract,
        idempotencyKey: newKey(),
        type: 'part',
        amount: '1000.00',
        cardId: loan.borrower.cardId ?? undefined,
        returnBaseUrl: 'http://localhost',
      });
      await until('списание у банка', async () => (await charged([loan.order.id])) === 1, {
        timeoutMs: 60_000,
        intervalMs: 50,
      });
      return loan;
    });
    // Ten loans repaid by card while a gateway page was open and then paid: a refund is queued.
    const refunded = await group(async () => {
      const loan = await givenLoan(testApp);
      const page = paid(await pay(testApp, loan.borrower, loan.contract, { type: 'full' }));
      const card = { type: 'full' as const, card_id: loan.borrower.cardId ?? 0 };
      const byCard = paid(await pay(testApp, loan.borrower, loan.contract, card));
      expect(byCard.order?.status_id).toBe(ORDER_STATUS.REPAID);
      const redirect = await submitCard(testApp, new URL(page.url ?? ''), {
        pan: '2200000000000004',
      });
      const back = await testApp.app.inject({
        method: 'GET',
        url: `/api/pay/callbackPayment?${new URLSearchParams(returnQuery(redirect, '/loan')).toString()}`,
        headers: loan.borrower.headers,
      });
      expect(back.statusCode, back.body).toBe(200);
      return loan;
    });
    const idsOf = (loans: Loan[]) => loans.map((loan) => loan.order.id);
    const all = idsOf([...autopaid, ...stranded, ...refunded]);
    expect(
      await count(`select count(*) as n from payment_operations where kind = 'refund'`, []),
    ).toBe(GROUP);
    // The in-process app made the loans on its own clock; the instances share the database's.
    const madeAt = testApp.clock.offset;
    await testApp.close();

    const settings = await installSettings({
      DATABASE_URL: database.url,
      APP_SECRET,
      PUBLIC_URL: 'https://127.0.0.1',
      DATA_DIR: path.join(os.tmpdir(), `zaymo-jobs-${process.pid}`),
      SANDBOX: 'true',
      LOG_LEVEL: 'warn',
      ACCRUAL_SECONDS: '1',
      RECONCILE_AFTER_SECONDS: '30',
      BEST2PAY_SANDBOX_NOTIFY: '0',
    });
    cleanups.push(settings.remove);
    const instances: Instance[] = await Promise.all([
      startInstance(settings),
      startInstance(settings),
    ]);
    cleanups.push(async () => {
      for (const instance of instances)
        if (instance.process.exitCode === null) instance.process.kill('SIGKILL');
    });
    await Promise.all(instances.map(untilReady));
    // Both run their jobs every second; now 30 days pass for both (the shared sandbox clock).
    await queryRows(
      database.url,
      `insert into sandbox.clock (id, offset_ms, updated_at) values (1, $1, now())
       on conflict (id) do update set offset_ms = excluded.offset_ms, updated_at = now()`,
      [madeAt + 30 * DAY_MS],
    );

    const done = async () =>
      (await count(
        `select count(*) as n from loan_orders where id = any($1::bigint[]) and status_id = $2`,
        [idsOf(autopaid), ORDER_STATUS.REPAID],
      )) === GROUP &&
      (await count(
        `select count(*) as n from payment_operations
         where loan_order_id = any($1::bigint[]) and status in ('new', 'pending')`,
        [all],
      )) === 0 &&
      (await count(
        `select count(*) as n from loan_ledger where order_id = any($1::bigint[]) and kind = 'refund'`,
        [idsOf(refunded)],
      )) === GROUP &&
      (await count(
        `select count(*) as n from (select order_id from loan_ledger
         where order_id = any($1::bigint[]) and kind = 'interest'
         group by order_id having count(*) >= 30) as accrued`,
        [idsOf(stranded)],
      )) === GROUP;
    await until('работа фоновых задач обоих экземпляров', done, {
      timeoutMs: 120_000,
      intervalMs: 500,
    });
    for (const instance of instances) expect(await stopInstance(instance)).toBe(0);

    // Nothing twice: the ledger equals the operations and what the gateway moved, per loan.
    expect(await ledgerProblems(database.url, all)).toEqual([]);
    // Autopay: one attempt and one charge at the bank per loan and due date.
    const perLoan = async (text: string, loans: Loan[]) =>
      Promise.all(idsOf(loans).map((id) => count(text, [id])));
    expect(
      await perLoan(`select count(*) as n from autopay_attempts where order_id = $1`, autopaid),
    ).toEqual(Array(GROUP).fill(1));
    expect(await Promise.all(idsOf(autopaid).map((id) => charged([id])))).toEqual(
      Array(GROUP).fill(1),
    );
    // Reconciliation: the stranded charge is booked once.
    expect(
      await perLoan(
        `select count(*) as n from loan_ledger where order_id = $1 and kind = 'payment'`,
        stranded,
      ),
    ).toEqual(Array(GROUP).fill(1));
    // Refunds: one reverse per loan.
    expect(
      await perLoan(
        `select count(*) as n from payment_operations
         where loan_order_id = $1 and kind = 'refund' and status = 'approved'`,
        refunded,
      ),
    ).toEqual(Array(GROUP).fill(1));
    // Accrual: every open loan has its 30 days of interest, each day once.
    const days = await perLoan(
      `select count(distinct entry_date) as n from loan_ledger where order_id = $1 and kind = 'interest'`,
      stranded,
    );
    for (const booked of days) expect(booked).toBeGreaterThanOrEqual(30);
  });
});
