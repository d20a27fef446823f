import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { openPostgres } from '../../src/db';
import { createBorrower, signedOrder } from '../api/orders-helpers';
import { LONG_SESSIONS } from '../api/servicing-helpers';
import { createTestApp } from '../helpers/test-app';
import {
  freePort,
  installSettings,
  JOURNEY_SETTINGS,
  startInstance,
  startNginx,
  stopInstance,
  until,
  untilReady,
  type Instance,
} from '../prod/cluster';
import { ledgerProblems, queryRows } from '../prod/ledger';
import { isFailure, Load, type LoadClient, type MoneyOperation } from './load';
import {
  appDatabase,
  clusterLogs,
  clusterMembers,
  postmasterPid,
  superuserUrl,
  untilHealthy,
  type PatroniCluster,
} from './patroni';

/*
 * Two instances behind nginx on the Patroni cluster (through HAProxy), six
 * clients taking payouts and repaying by card and on the gateway's page, notifications replayed,
 * and the primary's postmaster killed with SIGKILL in the middle. The synchronous standby takes
 * over; requests fail only while there is no primary, and the clients' retries with the same
 * Idempotency-Key then succeed; every acknowledged operation is in the ledger once and equals
 * what the gateway moved; readiness goes false and back.
 */

const cluster: PatroniCluster = inject('patroni');
const APP_SECRET = 'failover-test-app-secret-of-32-characters';
const CLIENTS = 6;
/** Each client starts this long after the previous: payouts fall before, during and after the kill. */
const STAGGER_MS = 700;
const POLL_MS = 150;

interface Sample {
  readonly at: number;
  readonly ok: boolean;
}

/** Asks `probe` every POLL_MS until stopped, keeping each answer with its time. */
function sampler(probe: () => Promise<boolean>): { samples: Sample[]; stop(): Promise<void> } {
  const samples: Sample[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      samples.push({ at: Date.now(), ok: await probe().catch(() => false) });
      await delay(POLL_MS);
    }
  })();
  return {
    samples,
    stop: async () => {
      running = false;
      await loop;
    },
  };
}

function readiness(instance: Instance) {
  return sampler(async () => {
    const answer = await fetch(`http://127.0.0.1:${instance.port}/api/health/ready`, {
      signal: AbortSignal.timeout(5_000),
    });
    return answer.status === 200;
  });
}

/** A row written through HAProxy's primary port with every commit's guarantee; its id. */
function probeWriter(databaseUrl: string) {
  const acknowledged: number[] = [];
  const probe = sampler(async () => {
    const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 2_000 });
    client.on('error', () => undefined);
    try {
      await client.connect();
      const { rows } = await client.query<{ id: number }>(
        'insert into failover_probe default values returning id',
      );
      acknowledged.push(Number(rows[0]?.id));
      return true;
    } finally {
      await client.end().catch(() => undefined);
    }
  });
  return { ...probe, acknowledged };
}

function firstOkAfter(samples: readonly Sample[], after: number): number | null {
  return samples.find((sample) => sample.at > after && sample.ok)?.at ?? null;
}

/**
 * When a probe came back for good: the first good sample after the last failed one. For a second
 * or two both nodes pass HAProxy's checks (the new primary's «up» comes before the old one's
 * second failed check), and a connection may still go to the old node.
 */
function readyForGoodAfter(samples: readonly Sample[], after: number): number {
  const lastDown = samples.findLast((sample) => sample.at > after && !sample.ok)?.at ?? after;
  return firstOkAfter(samples, lastDown) ?? Number.POSITIVE_INFINITY;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} с`;

describe('failover of the primary under load', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  });

  it('the synchronous standby takes over; retries succeed; no money lost or doubled', async () => {
    await untilHealthy(cluster);
    const name = `zaymo_failover_${randomBytes(4).toString('hex')}`;
    const urls = await appDatabase(cluster, name);

    // Signed contracts made in-process on the cluster, as in the API tests.
    const maker = await createTestApp({
      env: { ...LONG_SESSIONS, DATABASE_URL: urls.primaryUrl, APP_SECRET },
      database: await openPostgres(urls.primaryUrl, { sandbox: true }),
    });
    const clients: LoadClient[] = await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        const borrower = await createBorrower(maker);
        const order = await signedOrder(maker, borrower);
        return { borrower, orderId: order.id, principal: 1_000_000n, contract: null };
      }),
    );
    await maker.close();
    const probeUrl = superuserUrl(cluster.primaryPort, name);
    const setup = new pg.Client({ connectionString: probeUrl });
    await setup.connect();
    await setup.query('create table failover_probe (id bigserial primary key)');
    await setup.end();

    // Two instances behind nginx, on HAProxy's primary and replica ports.
    const nginxPort = await freePort();
    const settings = {
      ...JOURNEY_SETTINGS,
      DATABASE_URL: urls.primaryUrl,
      DATABASE_REPLICA_URL: urls.replicaUrl,
      APP_SECRET,
      PUBLIC_URL: `https://127.0.0.1:${nginxPort}`,
      DATA_DIR: path.join(os.tmpdir(), `zaymo-failover-${nginxPort}`),
      BEST2PAY_SANDBOX_NOTIFY: '1',
      ACCRUAL_SECONDS: '1',
      RECONCILE_AFTER_SECONDS: '30',
    };
    const settingsFile = await installSettings(settings);
    cleanups.push(() => settingsFile.remove());
    const instances = await Promise.all([startInstance(settingsFile), startInstance(settingsFile)]);
    cleanups.push(async () => {
      for (const instance of instances)
        if (instance.process.exitCode === null) await stopInstance(instance);
    });
    await Promise.all(instances.map(untilReady));
    const proxy = await startNginx(
      instances.map((instance) => instance.port),
      nginxPort,
    );
    cleanups.push(() => proxy.stop());
    const db = await openPostgres(urls.primaryUrl, { migrate: false });
    cleanups.push(() => db.close());
    const { sector, password } = loadConfig({ DATABASE_URL: urls.primaryUrl }).best2paySandbox;

    const ready = instances.map(readiness);
    const writes = probeWriter(probeUrl);
    const load = new Load({
      nginx: { port: nginxPort, ca: proxy.cert },
      db: db.db,
      sandbox: { sector, password },
    });
    let broken: unknown = null;
    const running = Promise.all([
      ...clients.map((client, index) => load.runClient(client, index * STAGGER_MS)),
      load.replayNotifications(),
    ]).catch((error: unknown) => {
      broken = error;
    });
    const unlessBroken = (holds: () => boolean | Promise<boolean>) => async () => {
      if (broken) throw broken;
      return holds();
    };
    const acknowledged = (kind: MoneyOperation['kind']) =>
      load.operations.filter((op) => op.kind === kind && op.acknowledged !== null);

    // Warm: some payouts and repayments done before the kill.
    await until(
      'выдачи и погашения до отказа',
      unlessBroken(() => acknowledged('payout').length >= 3 && acknowledged('card').length >= 3),
      { timeoutMs: 120_000, intervalMs: 100 },
    );
    const before = await clusterMembers(cluster);
    const leader = before.find((member) => member.role === 'leader');
    const standby = before.find((member) => member.role === 'sync_standby');
    const killed = cluster.nodes.find((node) => node.name === leader?.name);
    if (!killed || !standby)
      throw new Error(`no leader and sync standby: ${JSON.stringify(before)}`);
    const killAt = Date.now();
    process.kill(await postmasterPid(killed), 'SIGKILL');

    const timeline = (samples: readonly Sample[]) =>
      samples
        .filter((sample) => sample.at > killAt - 1_000)
        .map((sample) => `${sample.at - killAt}:${sample.ok ? '+' : '-'}`)
        .join(' ');
    const diagnose = async (error: unknown) => {
      const stderr = instances.map((instance) =>
        instance.output().split('\n').slice(-30).join('\n'),
      );
      throw new Error(
        [
          String(error),
          `записи: ${timeline(writes.samples)}`,
          ...ready.map(({ samples }, index) => `готовность ${index}: ${timeline(samples)}`),
          JSON.stringify(await clusterMembers(cluster)),
          ...stderr,
          await clusterLogs(cluster),
        ].join('\n'),
      );
    };

    // The standby is promoted; both instances answer ready again.
    await until(
      `${standby.name} становится основным`,
      unlessBroken(async () =>
        (await clusterMembers(cluster)).some(
          (member) =>
            member.name === standby.name && member.role === 'leader' && member.state === 'running',
        ),
      ),
      { timeoutMs: 120_000, intervalMs: 200 },
    );
    await until(
      'экземпляры снова готовы',
      unlessBroken(() => ready.every(({ samples }) => firstOkAfter(samples, killAt) !== null)),
      { timeoutMs: 120_000, intervalMs: 100 },
    ).catch(diagnose);
    const recoveredAt = Math.max(
      ...ready.map(({ samples }) => firstOkAfter(samples, killAt) ?? Number.POSITIVE_INFINITY),
    );
    // Each client does two more acknowledged repayments after the switch, then the load stops.
    await until(
      'погашения каждого клиента после переключения',
      unlessBroken(() =>
        clients.every(
          (client) =>
            load.operations.filter(
              (op) =>
                op.clientId === client.borrower.client.id &&
                op.kind !== 'payout' &&
                op.started > recoveredAt &&
                op.acknowledged !== null,
            ).length >= 2,
        ),
      ),
      { timeoutMs: 180_000, intervalMs: 200 },
    ).catch(diagnose);
    load.stop();
    await running;
    if (broken) throw broken;
    await Promise.all([...ready.map((sampled) => sampled.stop()), writes.stop()]);

    // The killed node comes back as a standby of the new primary.
    await until(
      `${killed.name} снова реплика`,
      async () =>
        (await clusterMembers(cluster)).some(
          (member) =>
            member.name === killed.name && member.role !== 'leader' && member.state === 'running',
        ),
      { timeoutMs: 120_000, intervalMs: 500 },
    ).catch(async (error: unknown) => {
      throw new Error(`${String(error)}\n${await clusterLogs(cluster)}`);
    });
    const after = await clusterMembers(cluster);
    const promoted = after.find((member) => member.role === 'leader');
    expect(promoted?.name, 'the synchronous standby is the one promoted').toBe(standby.name);
    expect(promoted?.timeline).toBe((leader?.timeline ?? 0) + 1);

    // RPO 0: every write the primary acknowledged before it died is on the new primary.
    const kept = new Set(
      (await queryRows<{ id: string }>(probeUrl, 'select id from failover_probe')).map((row) =>
        Number(row.id),
      ),
    );
    expect(writes.acknowledged.filter((id) => !kept.has(id))).toEqual([]);

    // Requests failed only while there was no primary; readiness went false and came back.
    // Over when both instances are ready and HAProxy sends a new connection only to the new
    // primary (the probe writes connect anew each time; readiness reuses pooled connections).
    const switchedAt = Math.max(
      ...[...ready, writes].map(({ samples }) => readyForGoodAfter(samples, killAt)),
    );
    expect(switchedAt - killAt, 'the switch is over within half a minute').toBeLessThan(30_000);
    const failed = load.attempts.filter(isFailure);
    const outside = failed.filter(
      (attempt) => attempt.ended < killAt || attempt.started > switchedAt,
    );
    const when = (at: number) => `${at - killAt} мс`;
    expect(
      outside.map(
        (a) => `${a.what} ${a.status} ${a.reason ?? ''} ${when(a.started)}…${when(a.ended)}`,
      ),
      `failures outside the switch (kill at 0 мс, ready for good at ${when(switchedAt)})`,
    ).toEqual([]);
    for (const [index, { samples }] of ready.entries()) {
      expect(
        samples.some((sample) => sample.at > killAt && !sample.ok),
        `готовность ${index} не стала ложной: ${timeline(samples)}`,
      ).toBe(true);
      expect(samples.at(-1)?.ok).toBe(true);
    }
    for (const instance of instances) expect(instance.process.exitCode).toBeNull();

    // Money: once each, nothing pending, the ledger equals the operations and the gateway.
    const orderIds = clients.map((client) => client.orderId);
    await until(
      'все операции завершены',
      async () =>
        (await ledgerProblems(urls.primaryUrl, orderIds)).every(
          (problem) => !problem.includes('left new or pending'),
        ),
      { timeoutMs: 120_000, intervalMs: 500 },
    );
    expect(await ledgerProblems(urls.primaryUrl, orderIds)).toEqual([]);
    await expectEveryAcknowledgedOnce(urls.primaryUrl, load.operations, orderIds);

    const primaryBack = firstOkAfter(writes.samples, killAt);
    const unready = ready.map(({ samples }) => {
      const down = samples.filter((sample) => sample.at > killAt && !sample.ok);
      return down.length > 0 ? (down.at(-1)?.at ?? 0) - (down[0]?.at ?? 0) + POLL_MS : 0;
    });
    const retried = load.operations.filter(
      (op) => op.acknowledged !== null && op.failedAttempts > 0,
    );
    const report = [
      `Отказ основного сервера: kill -9 postmaster на ${killed.name}, основным стал ${standby.name}`,
      `  без основного сервера: ${primaryBack ? seconds(primaryBack - killAt) : '—'} (от kill до первой записи через HAProxy)`,
      `  экземпляры не готовы: ${unready.map(seconds).join(' и ')}`,
      `  запросов через nginx: ${load.attempts.length}, неудачных: ${failed.length} (все в окне переключения ${seconds(switchedAt - killAt)})`,
      `  денежных операций, прошедших после неудачной попытки (повтор с тем же ключом): ${retried.length}`,
      `  подтверждено: выдач ${acknowledged('payout').length}, погашений картой ${acknowledged('card').length}, на странице шлюза ${acknowledged('page').length}; повторено уведомлений ${load.notificationsReplayed}`,
      `  записей-проб подтверждено ${writes.acknowledged.length}, потеряно 0; реестр = операции = шлюз`,
    ];
    process.stdout.write(`${report.join('\n')}\n`);
  });
});

/** Each acknowledged operation is in the database once, approved, with its amount. */
async function expectEveryAcknowledgedOnce(
  databaseUrl: string,
  operations: readonly MoneyOperation[],
  orderIds: number[],
): Promise<void> {
  const rows = await queryRows<{ idempotency_key: string; status: string; amount: string }>(
    databaseUrl,
    'select idempotency_key, status, amount from payment_operations where loan_order_id = any($1::bigint[])',
    [orderIds],
  );
  const byKey = new Map(rows.map((row) => [row.idempotency_key, row]));
  const missing: string[] = [];
  for (const op of operations.filter((operation) => operation.acknowledged !== null)) {
    const key =
      op.kind === 'payout' ? `payout:${op.clientId}:${op.key}` : `loan:${op.clientId}:${op.key}`;
    const row = byKey.get(key);
    if (row?.status !== 'approved' || BigInt(row.amount) !== op.amount)
      missing.push(`${op.kind} ${key}: ${JSON.stringify(row)}`);
  }
  expect(missing, 'acknowledged operations not in the database as approved').toEqual([]);
  const ledger = await queryRows<{ order_id: string; paid: string }>(
    databaseUrl,
    `select order_id, sum(amount) as paid from loan_ledger
     where order_id = any($1::bigint[]) and kind = 'payment' group by order_id`,
    [orderIds],
  );
  for (const orderId of orderIds) {
    const paid = operations
      .filter((op) => op.orderId === orderId && op.kind !== 'payout' && op.acknowledged !== null)
      .reduce((sum, op) => sum + op.amount, 0n);
    const booked = ledger.find((row) => Number(row.order_id) === orderId)?.paid ?? '0';
    expect(BigInt(booked), `order ${orderId}: ledger payments = acknowledged`).toBe(paid);
  }
}
