import { randomBytes } from 'node:crypto';
import { clientDocumentsResponseSchema, historyResponseSchema } from '@zaymo/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, openPostgres, selectRows, type OpenDatabase } from '../../src/db';
import { replicaReads } from '../../src/db/replica';
import { isWriteRefused } from '../../src/db/unavailable';
import { GOOD_PASSWORD, signUpThroughApi, type InjectResponse } from '../helpers/accounts';
import { expectRefusal } from '../helpers/refusal';
import { createClient } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { createStaffMember, STAFF_PASSWORD, staffHeaders, uniqueLogin } from '../api/crm-helpers';
import { givenLoan, LONG_SESSIONS, paid, pay } from '../api/servicing-helpers';
import { freePort, until } from '../prod/cluster';
import {
  appDatabase,
  clusterMembers,
  superuserUrl,
  untilHealthy,
  type PatroniCluster,
  type PatroniNode,
} from './patroni';

/*
 * Reads that may lag, on a real streaming replica (the Patroni cluster of global-setup.ts, through
 * HAProxy as in production): the reads that may lag run on a standby; the one that wrote reads
 * its own writes anyway. Replay is paused on the standbys to make the lag visible.
 */

const cluster: PatroniCluster = inject('patroni');

/** One statement as the superuser on a port: a node's own, or HAProxy's. */
async function onPort<T>(port: number, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: superuserUrl(port) });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}

function onNode<T>(node: PatroniNode, text: string): Promise<T[]> {
  return onPort<T>(node.pgPort, text);
}

async function standbys(): Promise<PatroniNode[]> {
  const names = (await clusterMembers(cluster))
    .filter((member) => member.role !== 'leader')
    .map((member) => member.name);
  return cluster.nodes.filter((node) => names.includes(node.name));
}

/**
 * Patroni's maintenance mode on or off, once every node runs by it. Out of it, a replica's Patroni
 * resumes paused replay on its next cycle (PostgreSQL 14+: `handle_parameter_change`), and the
 * lag the tests look for would end before they look.
 */
async function maintenance(on: boolean): Promise<void> {
  const patch = async () => {
    for (const node of cluster.nodes) {
      const answer = await fetch(`http://127.0.0.1:${node.restPort}/config`, {
        method: 'PATCH',
        body: JSON.stringify({ pause: on }),
        signal: AbortSignal.timeout(2_000),
      }).catch(() => null);
      if (answer?.ok) return true;
    }
    return false;
  };
  const appliedOn = async (node: PatroniNode) => {
    const answer = await fetch(`http://127.0.0.1:${node.restPort}/patroni`, {
      signal: AbortSignal.timeout(2_000),
    }).catch(() => null);
    if (!answer) return false;
    const state = (await answer.json()) as { pause?: boolean };
    return (state.pause ?? false) === on;
  };
  await until(`Patroni: режим обслуживания ${on ? 'включён' : 'выключен'}`, patch, {
    timeoutMs: 30_000,
    intervalMs: 200,
  });
  await until(
    `Patroni: режим обслуживания ${on ? 'включён' : 'выключен'} на каждом узле`,
    async () => (await Promise.all(cluster.nodes.map(appliedOn))).every(Boolean),
    { timeoutMs: 60_000, intervalMs: 200 },
  );
}

/** Every standby stops applying WAL (it still receives it: commits are not held up). */
async function pauseReplay(): Promise<void> {
  await maintenance(true);
  for (const node of await standbys()) {
    await onNode(node, 'select pg_wal_replay_pause()');
    await until(
      `пауза воспроизведения на ${node.name}`,
      async () =>
        (
          await onNode<{ state: string }>(node, 'select pg_get_wal_replay_pause_state() as state')
        )[0]?.state === 'paused',
      { timeoutMs: 30_000, intervalMs: 100 },
    );
  }
}

async function resumeReplay(): Promise<void> {
  for (const node of await standbys()) await onNode(node, 'select pg_wal_replay_resume()');
  await maintenance(false);
}

/**
 * A read without the writer's position shows the replica's lag: the proof the read runs there.
 * Under load HAProxy may take a standby out for a moment (its check times out) and send new
 * replica connections to the primary; the app's replica connections live a second here, so the
 * lag is looked for over a few tries, each on a connection opened anew. It never shows if reads
 * never go to the replica.
 */
async function untilStaleRead(what: string, isStale: () => Promise<boolean>): Promise<void> {
  try {
    await until(what, isStale, { timeoutMs: 30_000, intervalMs: 300 });
  } catch (error) {
    throw new Error(
      `${(error as Error).message}; реплика приложения: ${await whereReplicaReads()}`,
    );
  }
}

/** Which server the app's replica connection reaches, and whether it replays. */
async function whereReplicaReads(): Promise<string> {
  if (!database.replica) return 'не настроена';
  const rows = await selectRows<Record<string, unknown>>(
    database.replica,
    sql`select inet_server_port() as port, pg_is_in_recovery() as standby,
      case when pg_is_in_recovery() then pg_get_wal_replay_pause_state() end as replay`,
  );
  return JSON.stringify(rows[0]);
}

/** Until every standby has applied what the primary has written so far. */
async function untilReplayed(): Promise<void> {
  const [primary] = await onPort<{ position: string }>(
    cluster.primaryPort,
    'select pg_current_wal_lsn()::text as position',
  );
  for (const node of await standbys()) {
    await until(
      `реплика ${node.name} догнала основной сервер`,
      async () =>
        (
          await onNode<{ done: boolean }>(
            node,
            `select pg_last_wal_replay_lsn() >= '${primary?.position}'::pg_lsn as done`,
          )
        )[0]?.done === true,
      { timeoutMs: 60_000, intervalMs: 100 },
    );
  }
}

/** The read-your-writes cookie an answer set, as the browser sends it back. */
function cookieOf(response: InjectResponse): string {
  const header = response.headers['set-cookie'];
  const cookie = String(Array.isArray(header) ? header[0] : header).split(';')[0];
  expect(cookie, 'a write answers with the read-your-writes cookie').toMatch(
    /^zaymo_read_after=[0-9A-F]+\/[0-9A-F]+$/,
  );
  return cookie ?? '';
}

let database: OpenDatabase;

describe('reads that may lag, on a streaming replica', () => {
  let testApp: TestApp;
  let urls: { primaryUrl: string; replicaUrl: string };

  beforeAll(async () => {
    await untilHealthy(cluster);
    urls = await appDatabase(cluster, `zaymo_replica_${randomBytes(4).toString('hex')}`);
    database = await openDatabase(
      {
        databaseUrl: urls.primaryUrl,
        databaseReplicaUrl: urls.replicaUrl,
        pgliteDir: '/nonexistent',
        sandbox: true,
      },
      { replicaConnectionLifetimeSeconds: 1 },
    );
    testApp = await createTestApp({
      env: {
        ...LONG_SESSIONS,
        DATABASE_URL: urls.primaryUrl,
        DATABASE_REPLICA_URL: urls.replicaUrl,
      },
      database,
    });
  });
  afterAll(async () => {
    await resumeReplay();
    await testApp?.close();
  });

  it('the console’s search and audit log read the replica; the admin sees their own action', async () => {
    const admin = await createStaffMember(testApp, 'admin');
    const headers = await staffHeaders(testApp, admin.row.id);
    await untilReplayed();
    await pauseReplay();
    try {
      const client = await createClient(testApp);
      const search = () =>
        testApp.app.inject({
          method: 'GET',
          url: `/api/crm/clients?q=${encodeURIComponent(client.phone)}`,
          headers,
        });
      await untilStaleRead('поиск на реплике не находит нового клиента', async () => {
        const lagging = await search();
        expect(lagging.statusCode, lagging.body).toBe(200);
        return lagging.json().data.clients.length === 0;
      });

      const login = uniqueLogin('operator');
      const created = await testApp.app.inject({
        method: 'POST',
        url: '/api/crm/staff',
        headers,
        payload: { login, name: 'Реплика Проверкина', role: 'operator', password: STAFF_PASSWORD },
      });
      expect(created.statusCode, created.body).toBe(200);
      const logins = (answer: InjectResponse) =>
        answer
          .json<{ data: { entries: { details: Record<string, string> }[] } }>()
          .data.entries.map((entry) => entry.details.login);
      const audit = (cookie?: string) =>
        testApp.app.inject({
          method: 'GET',
          url: '/api/crm/audit?action=staff_created',
          headers: { ...headers, ...(cookie ? { cookie } : {}) },
        });
      await untilStaleRead(
        'журнал на реплике без нового сотрудника',
        async () => !logins(await audit()).includes(login),
      );
      expect(logins(await audit(cookieOf(created)))).toContain(login);

      await resumeReplay();
      await until(
        'поиск на реплике находит нового клиента',
        async () => (await search()).json().data.clients.length === 1,
        { timeoutMs: 60_000, intervalMs: 200 },
      );
    } finally {
      await resumeReplay();
    }
  });

  it('a client reads their own sign-up and payment at once while the replica lags', async () => {
    const loan = await givenLoan(testApp);
    await untilReplayed();
    await pauseReplay();
    try {
      // Sign-up: the consents are the registration documents' signatures.
      const client = await signUpThroughApi(testApp, { password: GOOD_PASSWORD });
      const personal = await testApp.app.inject({
        method: 'PATCH',
        url: '/api/clients/update?step=1',
        headers: client.headers,
        payload: {
          surname: 'Репликова',
          name: 'Ольга',
          patronymic: 'Ивановна',
          no_patronymic: false,
          gender: 'FEMALE',
          birth_date: '1991-05-20',
          birth_place: 'г. Тверь',
        },
      });
      expect(personal.statusCode, personal.body).toBe(200);
      const documents = async (cookie?: string) => {
        const answer = await testApp.app.inject({
          method: 'GET',
          url: '/api/documents/client_documents',
          headers: { ...client.headers, ...(cookie ? { cookie } : {}) },
        });
        expect(answer.statusCode, answer.body).toBe(200);
        const list = clientDocumentsResponseSchema.parse(answer.json()).data;
        return list.filter((document) => document.signature !== null).length;
      };
      await untilStaleRead(
        'реплика без подписей регистрации',
        async () => (await documents()) === 0,
      );
      expect(await documents(cookieOf(personal))).toBeGreaterThan(0);

      // A part repayment (POST /pay/payment moves money): its history entry.
      const payment = await pay(testApp, loan.borrower, loan.contract, {
        type: 'part',
        amount: '700.00',
        card_id: loan.borrower.cardId ?? 0,
      });
      expect(paid(payment).status).toBe('approved');
      const payments = async (cookie?: string) => {
        const answer = await testApp.app.inject({
          method: 'GET',
          url: '/api/clients/history',
          headers: { ...loan.borrower.headers, ...(cookie ? { cookie } : {}) },
        });
        expect(answer.statusCode, answer.body).toBe(200);
        const history = historyResponseSchema.parse(answer.json()).data;
        return history.payments
          .filter((item) => item.kind === 'payment')
          .map((item) => item.amount);
      };
      await untilStaleRead('реплика без платежа', async () => (await payments()).length === 0);
      expect(await payments(cookieOf(payment))).toEqual(['700.00']);
    } finally {
      await resumeReplay();
    }
  });

  it('lets a read that writes fail on the replica rather than run it again on the primary', async () => {
    const reads = replicaReads(database.db, database.replica, null);
    const writing = reads((db) => db.execute(sql`create table written_by_a_read (id int)`));
    await expect(writing).rejects.toSatisfy(isWriteRefused);
  });

  it('reads the primary when no replica answers', async () => {
    const closed = new URL(urls.replicaUrl);
    closed.port = String(await freePort());
    const database = await openDatabase(
      {
        databaseUrl: urls.primaryUrl,
        databaseReplicaUrl: closed.toString(),
        pgliteDir: '/nonexistent',
        sandbox: true,
      },
      { replicaConnectionLifetimeSeconds: 1 },
    );
    const alone = await createTestApp({
      env: { ...LONG_SESSIONS, DATABASE_URL: urls.primaryUrl },
      database,
    });
    try {
      const client = await signUpThroughApi(alone, { password: GOOD_PASSWORD });
      const answer = await alone.app.inject({
        method: 'GET',
        url: '/api/documents/client_documents',
        headers: client.headers,
      });
      expect(answer.statusCode, answer.body).toBe(200);
      const signed = clientDocumentsResponseSchema
        .parse(answer.json())
        .data.filter((document) => document.signature !== null);
      expect(signed.length).toBeGreaterThan(0);
    } finally {
      await alone.close();
    }
  });

  it('is not ready on a standby: DATABASE_URL must reach the primary', async () => {
    const [standby] = await standbys();
    const url = new URL(urls.primaryUrl);
    url.port = String(standby?.pgPort);
    const onStandby = await createTestApp({
      // No sandbox: it would seed its demo console admin, which a standby refuses.
      env: { ...LONG_SESSIONS, SANDBOX: '0', DATABASE_URL: url.toString() },
      database: await openPostgres(url.toString(), { migrate: false }),
    });
    try {
      const ready = await onStandby.app.inject({ method: 'GET', url: '/api/health/ready' });
      expectRefusal(ready, 'DATABASE_READ_ONLY');
    } finally {
      await onStandby.close();
    }
  });
});
