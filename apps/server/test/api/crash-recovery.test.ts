import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { OpenDatabase } from '../../src/db';
import { loanLedger, orderPayouts, paymentOperations } from '../../src/db/schema';
import { sandboxB2pOperations, sandboxB2pOrders } from '../../src/db/sandbox-schema';
import { serverPackageRoot } from '../../src/paths';
import { createProcessDatabase, type ProcessDatabase } from '../helpers/process-database';
import { createTestApp } from '../helpers/test-app';
import { createBorrower, signedOrder, type Borrower } from './orders-helpers';
import { givenLoan, LONG_SESSIONS, newKey, type Loan } from './servicing-helpers';

/*
 * A real server process is killed (SIGKILL) in the middle of a burst of payouts
 * and repayments, then started again. Reconciliation must bring every operation to a final state,
 * no money may move twice, and every loan's ledger must equal what the gateway moved.
 */

const TEST_TIMEOUT = 600_000;
const APP_SECRET = 'test-app-secret-for-api-tests-only-000000';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

interface RunningServer {
  readonly process: ChildProcess;
  readonly base: string;
  readonly exited: Promise<void>;
}

function startServer(database: ProcessDatabase, port: number): RunningServer {
  // One process (node with tsx's loader, not the tsx wrapper): SIGKILL must hit the server itself.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverPackageRoot(),
    env: {
      ...process.env,
      ...database.env,
      ...LONG_SESSIONS,
      PORT: String(port),
      HOST: '127.0.0.1',
      SANDBOX: 'true',
      APP_SECRET,
      LOG_LEVEL: 'warn',
      ACCRUAL_SECONDS: '1',
      RECONCILE_AFTER_SECONDS: '30',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { process: child, base: `http://127.0.0.1:${port}`, exited };
}

async function untilHealthy(server: RunningServer): Promise<void> {
  await expect
    .poll(
      async () => {
        const answer = await fetch(`${server.base}/api/health`).catch(() => null);
        return answer?.status ?? 0;
      },
      { timeout: 120_000, interval: 200 },
    )
    .toBe(200);
}

async function stop(server: RunningServer, signal: NodeJS.Signals): Promise<void> {
  server.process.kill(signal);
  await server.exited;
}

function burst(server: RunningServer, signed: SignedOrder[], loans: Loan[]): Promise<unknown>[] {
  const payouts = signed.map(({ borrower, orderId }) =>
    fetch(`${server.base}/api/orders/${orderId}/payout`, {
      method: 'POST',
      headers: { ...borrower.headers, 'idempotency-key': newKey() },
    }),
  );
  const payments = loans.map((loan) =>
    fetch(`${server.base}/api/pay/payment/${encodeURIComponent(loan.contract)}`, {
      method: 'POST',
      headers: {
        ...loan.borrower.headers,
        'idempotency-key': newKey(),
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        type: 'full',
        payment_system_id: 1,
        card_id: loan.borrower.cardId ?? 0,
      }),
    }),
  );
  return [...payouts, ...payments].map((request) => request.catch(() => null));
}

interface SignedOrder {
  readonly borrower: Borrower;
  readonly orderId: number;
}

/** What the sandbox gateway approved for these references, by operation type. */
async function gatewayMoved(
  database: OpenDatabase,
  references: string[],
): Promise<Record<string, bigint>> {
  if (references.length === 0) return {};
  const rows = await database.db
    .select({
      type: sandboxB2pOperations.type,
      amount: sandboxB2pOperations.amount,
      state: sandboxB2pOperations.state,
    })
    .from(sandboxB2pOperations)
    .innerJoin(sandboxB2pOrders, eq(sandboxB2pOrders.id, sandboxB2pOperations.orderId))
    .where(inArray(sandboxB2pOrders.reference, references));
  const sums: Record<string, bigint> = {};
  for (const row of rows.filter((item) => item.state === 'APPROVED')) {
    sums[row.type] = (sums[row.type] ?? 0n) + row.amount;
  }
  return sums;
}

async function expectLoanMatchesGateway(database: OpenDatabase, orderId: number): Promise<void> {
  const operations = await database.db
    .select()
    .from(paymentOperations)
    .where(eq(paymentOperations.loanOrderId, orderId));
  for (const operation of operations) expect(['new', 'pending']).not.toContain(operation.status);
  const moved = await gatewayMoved(
    database,
    operations.map((operation) => operation.reference),
  );
  const ledger = await database.db.select().from(loanLedger).where(eq(loanLedger.orderId, orderId));
  const sum = (kinds: string[]) =>
    ledger.filter((row) => kinds.includes(row.kind)).reduce((total, row) => total + row.amount, 0n);
  // The card gets the principal less any insurance premium withheld from it.
  expect(sum(['payout']) - sum(['insurance_premium'])).toBe(moved.P2PCREDIT ?? 0n);
  expect(sum(['payment', 'prolongation_fee'])).toBe(moved.PURCHASE ?? 0n);
  expect(sum(['refund'])).toBe(moved.REVERSE ?? 0n);
  const payouts = await database.db
    .select()
    .from(orderPayouts)
    .where(eq(orderPayouts.orderId, orderId));
  expect(payouts.filter((payout) => payout.status === 'approved').length).toBeLessThanOrEqual(1);
}

describe('a server killed in the middle of payouts and repayments', () => {
  let database: ProcessDatabase | null = null;
  let server: RunningServer | null = null;
  afterAll(async () => {
    if (server) await stop(server, 'SIGKILL');
    await database?.remove();
  });

  it(
    'finishes every operation after a restart, moves money at most once, ledger = gateway',
    async () => {
      database = await createProcessDatabase();
      const setup = await createTestApp({ env: LONG_SESSIONS, database: await database.open() });
      const signed: SignedOrder[] = [];
      const loans: Loan[] = [];
      for (let i = 0; i < 3; i += 1) {
        const borrower = await createBorrower(setup);
        signed.push({ borrower, orderId: (await signedOrder(setup, borrower)).id });
        loans.push(await givenLoan(setup));
      }
      await setup.close();

      const port = await freePort();
      server = startServer(database, port);
      await untilHealthy(server);
      const requests = burst(server, signed, loans);
      await Promise.race(requests);
      await stop(server, 'SIGKILL');

      server = startServer(database, port);
      await untilHealthy(server);
      const moved = await fetch(`${server.base}/api/dev/clock`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ days: 1 }),
      });
      expect(moved.status).toBe(200);
      const base = server.base;
      await expect
        .poll(
          async () => {
            const answer = await fetch(`${base}/api/dev/unsettled-money`);
            return ((await answer.json()) as { data: { unsettled: number } }).data.unsettled;
          },
          { timeout: 240_000, interval: 500 },
        )
        .toBe(0);
      await stop(server, 'SIGTERM');
      server = null;

      const after = await database.open();
      try {
        const orderIds = [...signed.map((item) => item.orderId), ...loans.map((l) => l.order.id)];
        for (const orderId of orderIds) await expectLoanMatchesGateway(after, orderId);
      } finally {
        await after.close();
      }
    },
    TEST_TIMEOUT,
  );
});
