import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cardsResponseSchema } from '@zaymo/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { openPostgres, type OpenDatabase } from '../../src/db';
import { signUpThroughApi, uniqueIp } from '../helpers/accounts';
import { createTestApp } from '../helpers/test-app';
import { bindCard } from '../api/cards-helpers';
import { givenLoan, newKey, paid, pay, type Loan } from '../api/servicing-helpers';
import {
  freePort,
  installSettings,
  JOURNEY_SETTINGS,
  migrateAsDocumented,
  requestsServed,
  startInstance,
  startNginx,
  stopInstance,
  until,
  untilReady,
  type Instance,
  type Proxy,
} from './cluster';
import { freshDatabase } from './databases';
import { httpsTestApp, type HttpsAnswer } from './https-app';
import { ledgerProblems, queryRows } from './ledger';

/*
 * What clients see when something under them fails, with two instances behind nginx as
 * docs/production.md sets them up: PostgreSQL stopped (the app's Russian 503, never nginx's 502;
 * instances stay in rotation), no instance left (nginx's own Russian answer), and an instance
 * killed in the middle of a card payment (the client's next try settles it at once).
 */

const APP_SECRET = 'prod-outage-app-secret-of-32-characters-01';
const UNAVAILABLE = 'Сервис временно недоступен. Попробуйте позже.';

type Cleanup = () => Promise<unknown>;

/** A fresh database, migrated by step 5, two instances (step 6) and nginx (step 7) over them. */
async function cluster(cleanups: Cleanup[], extra: Record<string, string> = {}) {
  const database = await freshDatabase('zaymo_outage');
  cleanups.push(database.drop);
  const nginxPort = await freePort();
  const settings = await installSettings({
    DATABASE_URL: database.url,
    APP_SECRET,
    PUBLIC_URL: `https://127.0.0.1:${nginxPort}`,
    DATA_DIR: path.join(os.tmpdir(), `zaymo-outage-${nginxPort}`),
    ...JOURNEY_SETTINGS,
    ...extra,
  });
  cleanups.push(settings.remove);
  await migrateAsDocumented(settings);
  const instances = await Promise.all([startInstance(settings), startInstance(settings)]);
  cleanups.push(async () => {
    for (const instance of instances)
      if (instance.process.exitCode === null) instance.process.kill('SIGKILL');
  });
  await Promise.all(instances.map(untilReady));
  const proxy = await startNginx(
    instances.map((instance) => instance.port),
    nginxPort,
  );
  cleanups.push(() => proxy.stop());
  const db = await openPostgres(database.url, { migrate: false });
  cleanups.push(() => db.close());
  return { database, instances, proxy, db };
}

function through(proxy: Proxy, db: OpenDatabase) {
  return httpsTestApp({ port: proxy.port, ca: proxy.cert }, db, {} as never);
}

/** Every line an instance wrote parses as JSON (journald and log shippers read them so). */
function expectJsonLines(instance: Instance): void {
  const lines = instance.output().split('\n').filter(Boolean);
  const plain = lines.filter((line) => {
    try {
      JSON.parse(line);
      return false;
    } catch {
      return true;
    }
  });
  expect(plain, `instance on ${instance.port}`).toEqual([]);
}

/** scripts/with-postgres.sh's server: stopped and started again with the options it had. */
const postgres = {
  run(args: string[]): void {
    const data = process.env.PGTEST_DATA;
    if (!data) throw new Error('PGTEST_DATA не задан: запустите через scripts/test-production.sh');
    const bin = execFileSync('sh', ['-c', 'ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1'])
      .toString()
      .trim();
    const owner = process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--'] : [];
    const [command = '', ...rest] = [...owner, path.join(bin, 'pg_ctl'), '-D', data, ...args];
    execFileSync(command, rest, { stdio: 'ignore' });
  },
  stop(): string {
    const data = process.env.PGTEST_DATA ?? '';
    // postmaster.opts: the server's command line, quoted; kept for the start.
    const options = readFileSync(path.join(data, 'postmaster.opts'), 'utf8')
      .trim()
      .replace(/^\S+ "-D" "[^"]*" ?/, '');
    postgres.run(['-m', 'fast', 'stop']);
    return options;
  },
  start(options: string): void {
    postgres.run([
      '-w',
      '-l',
      path.join(os.tmpdir(), 'zaymo-outage-pg.log'),
      '-o',
      options,
      'start',
    ]);
  },
};

describe('outages under two instances behind nginx', () => {
  const cleanups: Cleanup[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  });

  it('PostgreSQL stopped: the Russian 503 from both instances, never 502; back, they answer', async () => {
    const { instances, proxy, db } = await cluster(cleanups, { ACCRUAL_SECONDS: '1' });
    const web = through(proxy, db);
    const client = await signUpThroughApi(web);
    // A signed-in read: its session is looked up in the database on every call (public data,
    // such as the tariffs, is cached in each instance and goes on being served).
    const orders = () =>
      web.app.inject({
        method: 'GET',
        url: '/api/clients/orders',
        headers: client.headers,
      }) as Promise<HttpsAnswer>;
    expect((await orders()).statusCode).toBe(200);
    const before = (await requestsServed(proxy)).length;

    const options = postgres.stop();
    try {
      const answers: HttpsAnswer[] = [];
      for (let i = 0; i < 12; i += 1) answers.push(await orders());
      for (const answer of answers) {
        expect(answer.statusCode, answer.body).toBe(503);
        expect(answer.json<{ message: string }>().message).toBe(UNAVAILABLE);
      }
      const page = await web.app.inject({ method: 'GET', url: '/loan' });
      expect(page.statusCode).not.toBe(502);
      expect(page.body).toMatch(/[а-яё]/i);
      for (const instance of instances) {
        const ready = await fetch(`http://127.0.0.1:${instance.port}/api/health/ready`);
        expect(ready.status).toBe(503);
      }
    } finally {
      postgres.start(options);
    }
    const during = (await requestsServed(proxy)).slice(before);
    expect(during.filter((entry) => entry.status === 502)).toEqual([]);
    // Both stayed in rotation: each answered some of the requests itself.
    for (const instance of instances)
      expect(during.some((entry) => entry.upstream.endsWith(`:${instance.port}`))).toBe(true);

    await until(
      'ответ экземпляров после запуска PostgreSQL',
      async () => (await orders()).statusCode === 200,
      { timeoutMs: 60_000, intervalMs: 250 },
    );
    for (const instance of instances) await untilReady(instance);
    for (const instance of instances) expectJsonLines(instance);
  });

  it('no instance left: nginx answers the Russian 503 itself, JSON for the API and a page', async () => {
    const { instances, proxy, db } = await cluster(cleanups);
    for (const instance of instances) expect(await stopInstance(instance)).toBe(0);
    const web = through(proxy, db);
    const api = await web.app.inject({ method: 'GET', url: '/api/clients/orders' });
    expect(api.statusCode).toBe(503);
    expect(api.json<{ message: string }>().message).toBe(UNAVAILABLE);
    const page = await web.app.inject({ method: 'GET', url: '/loan' });
    expect(page.statusCode).toBe(503);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('Сервис временно недоступен');
    for (const instance of instances) expectJsonLines(instance);
  });

  it('an instance killed after the bank charged: the next try is answered at once, booked once', async () => {
    const { database, instances, proxy, db } = await cluster(cleanups);
    const [doomed, survivor] = instances;
    if (!doomed || !survivor) throw new Error('no instances');
    // The loan and a card whose bank answers charges 20 s late (the sandbox's 2200 …0061), made
    // by an app in this process on the same database and secret.
    const maker = await createTestApp({
      env: { DATABASE_URL: database.url, APP_SECRET, BEST2PAY_SANDBOX_NOTIFY: '0' },
      database: await openPostgres(database.url, { migrate: false }),
    });
    let loan: Loan;
    let cardId: number;
    try {
      loan = await givenLoan(maker);
      const bound = await bindCard(maker, loan.borrower.headers, { pan: '2200 0000 0000 0061' });
      expect(bound.statusCode, bound.body).toBe(200);
      const cards = await maker.app.inject({
        method: 'GET',
        url: '/api/clients/cards',
        headers: loan.borrower.headers,
      });
      cardId = Math.max(...cardsResponseSchema.parse(cards.json()).data.map((card) => card.id));
    } finally {
      await maker.close();
    }
    const payment = { type: 'part' as const, amount: '1000.00', card_id: cardId };
    const key = newKey();

    // The client pays; its request reaches one instance, which is killed once the bank has
    // charged the card and before it could settle.
    void fetch(
      `http://127.0.0.1:${doomed.port}/api/pay/payment/${encodeURIComponent(loan.contract)}`,
      {
        method: 'POST',
        headers: {
          ...loan.borrower.headers,
          'content-type': 'application/json',
          'idempotency-key': key,
        },
        body: JSON.stringify({ ...payment, payment_system_id: 1 }),
      },
    ).catch(() => null);
    await until(
      'списание в банке',
      async () => {
        const rows = await queryRows<{ n: string }>(
          database.url,
          `select count(*) as n from sandbox.b2p_operations gw
           join sandbox.b2p_orders o on o.id = gw.order_id
           join payment_operations p on p.reference = o.reference
           where p.loan_order_id = $1 and p.kind = 'payment'
             and gw.type = 'PURCHASE' and gw.state = 'APPROVED'`,
          [loan.order.id],
        );
        return rows[0]?.n === '1';
      },
      { timeoutMs: 60_000, intervalMs: 50 },
    );
    doomed.process.kill('SIGKILL');
    await doomed.exited;
    const [left] = await queryRows<{ status: string }>(
      database.url,
      `select status from payment_operations where loan_order_id = $1 and kind = 'payment'`,
      [loan.order.id],
    );
    expect(left?.status).toBe('pending');

    // The app's answer was lost: it tries again with the same key, through nginx, at once.
    const web = through(proxy, db);
    const again = paid(
      await pay(
        web,
        { headers: loan.borrower.headers, ip: uniqueIp() },
        loan.contract,
        payment,
        key,
      ),
    );
    expect(again.status).toBe('approved');
    expect(await ledgerProblems(database.url, [loan.order.id])).toEqual([]);
    const booked = await queryRows<{ n: string }>(
      database.url,
      `select count(*) as n from loan_ledger where order_id = $1 and kind = 'payment'`,
      [loan.order.id],
    );
    expect(booked).toEqual([{ n: '1' }]);
    expectJsonLines(survivor);
  });
});
