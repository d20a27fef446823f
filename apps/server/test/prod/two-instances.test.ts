import { existsSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { clientStepResponseSchema, IDENTITY_STEPS, ORDER_STATUS } from '@zaymo/contract';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { openPostgres, type OpenDatabase } from '../../src/db';
import { loanLedger } from '../../src/db/schema';
import { smallPng } from '../../src/services/files/test-images';
import { GOOD_PASSWORD, signUpThroughApi, uniqueIp } from '../helpers/accounts';
import { bindCard } from '../api/cards-helpers';
import { photoParts, uploadPhoto } from '../api/files-upload';
import { orderOf, payout, signedOrder, type Borrower } from '../api/orders-helpers';
import { paid, pay } from '../api/servicing-helpers';
import {
  freePort,
  installSettings,
  JOURNEY_SETTINGS,
  repoRoot,
  startInstance,
  startNginx,
  stopInstance,
  until,
  untilReady,
  upstreamsServed,
  type Instance,
} from './cluster';
import { freshDatabase } from './databases';
import { httpsTestApp } from './https-app';
import { ledgerProblems } from './ledger';

/*
 * Two server instances on one PostgreSQL behind nginx (deploy/ files), the loan journey
 * through nginx with requests alternating between the instances, one instance stopped (SIGTERM)
 * in the middle; background jobs of both instances work on the same rows.
 */

const APP_SECRET = 'prod-test-app-secret-of-32-characters-0001';
const TIMEOUT = 280_000;

const personal = {
  surname: 'Королёва',
  name: 'Анна',
  patronymic: 'Сергеевна',
  no_patronymic: false,
  gender: 'FEMALE',
  birth_date: '1990-02-14',
  birth_place: 'г. Москва',
};
const passport = {
  series_number: '45 06 123456',
  issue_date: '2015-03-10',
  division_code: '772001',
  issued_by: 'ОВД района Тверской г. Москвы',
};
const address = {
  value: 'г Москва, ул Тверская, д 7, кв 12',
  postal_code: '125009',
  region: 'Москва',
  city: 'Москва',
  street: 'Тверская',
  house: '7',
  flat: '12',
  fias_id: null,
};
const work = {
  employment_type: 'employed',
  employer_name: 'ООО «Ромашка»',
  employer_inn: null,
  position: 'Бухгалтер',
  monthly_income: '90000',
  email: 'koroleva@example.com',
};

describe('two instances behind nginx on one PostgreSQL', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  });

  it(
    'runs the journey round robin, loses nothing when one instance stops, money moves once',
    async () => {
      const database = await freshDatabase('zaymo_cluster');
      cleanups.push(database.drop);
      const nginxPort = await freePort();
      const publicUrl = `https://127.0.0.1:${nginxPort}`;
      const settings = await installSettings({
        DATABASE_URL: database.url,
        APP_SECRET,
        PUBLIC_URL: publicUrl,
        DATA_DIR: path.join(os.tmpdir(), `zaymo-cluster-${nginxPort}`),
        ...JOURNEY_SETTINGS,
        ACCRUAL_SECONDS: '1',
      });
      cleanups.push(settings.remove);
      // Both start at once on an empty database: the advisory lock lets one migrate.
      const pair = await Promise.all([startInstance(settings), startInstance(settings)]);
      let first = pair[0];
      const second = pair[1];
      const started = [first, second];
      cleanups.push(async () => {
        for (const instance of started)
          if (instance.process.exitCode === null) instance.process.kill('SIGKILL');
      });
      await Promise.all([untilReady(first), untilReady(second)]);
      const proxy = await startNginx([first.port, second.port], nginxPort);
      cleanups.push(() => proxy.stop());

      const db: OpenDatabase = await openPostgres(database.url, { migrate: false });
      cleanups.push(() => db.close());
      const config = loadConfig({ DATABASE_URL: database.url, APP_SECRET, PUBLIC_URL: publicUrl });
      const web = httpsTestApp({ port: nginxPort, ca: proxy.cert }, db, config);

      // Sign-up and identity.
      const client = await signUpThroughApi(web, { password: GOOD_PASSWORD });
      const save = async (step: number, payload: unknown) => {
        const answer = await web.app.inject({
          method: 'PATCH',
          url: `/api/clients/update?step=${step}`,
          headers: client.headers,
          payload: payload as Record<string, unknown>,
        });
        expect(answer.statusCode, answer.body).toBe(200);
        return clientStepResponseSchema.parse(answer.json()).data.step_data.step_value;
      };
      await save(1, personal);
      await save(2, passport);
      await save(3, { registration: address, residence_same: true, residence: null });
      await save(4, work);
      for (const kind of ['passport_main', 'passport_registration', 'selfie'] as const) {
        const upload = await uploadPhoto(web, client.headers, photoParts(kind, await smallPng()));
        expect(upload.statusCode, upload.body).toBe(200);
      }
      expect(await save(5, {})).toBe(IDENTITY_STEPS.card);

      // Card, order, signing, payout.
      const bound = await bindCard(web, client.headers, { pan: '2200 0000 0000 0004' });
      expect(bound.statusCode, bound.body).toBe(200);
      const [card] = (
        await web.app.inject({ method: 'GET', url: '/api/clients/cards', headers: client.headers })
      ).json<{ data: { id: number }[] }>().data;
      const borrower = {
        client: { id: client.clientId, phone: client.phone },
        token: client.token,
        headers: client.headers,
        ip: uniqueIp(),
        cardId: card?.id ?? null,
      } as unknown as Borrower;
      const signed = await signedOrder(web, borrower);
      const given = orderOf(await payout(web, borrower, signed.id));
      expect(given.status_id).toBe(ORDER_STATUS.GIVEN);
      const contract = given.contract_number ?? '';

      // Round robin: so far the requests alternated between the two instances.
      const served = await upstreamsServed(proxy);
      const byFirst = served.filter((upstream) => upstream.endsWith(`:${first?.port}`)).length;
      const bySecond = served.filter((upstream) => upstream.endsWith(`:${second?.port}`)).length;
      expect(served.length).toBeGreaterThan(20);
      expect(Math.abs(byFirst - bySecond)).toBeLessThanOrEqual(Math.ceil(served.length * 0.2));

      // One instance stops in the middle of a burst of reads: every request is answered.
      const orders = () =>
        web.app.inject({ method: 'GET', url: '/api/clients/orders', headers: client.headers });
      const burst = Array.from({ length: 20 }, () => orders());
      expect(await stopInstance(first)).toBe(0);
      for (const answer of await Promise.all(burst)) expect(answer.statusCode).toBe(200);
      expect((await orders()).statusCode).toBe(200);

      // Ten days later (the shared sandbox clock): a part repayment, then a prolongation.
      const moved = await web.app.inject({
        method: 'POST',
        url: '/api/dev/clock',
        payload: { days: 10 },
      });
      expect(moved.statusCode, moved.body).toBe(200);
      const part = paid(
        await pay(web, borrower, contract, {
          type: 'part',
          amount: '1000.00',
          card_id: borrower.cardId ?? 0,
        }),
      );
      expect(part.status).toBe('approved');

      // The stopped instance comes back; both run the background jobs from here on.
      first = await startInstance(settings);
      started.push(first);
      await untilReady(first);
      await proxy.stop();
      const proxyAgain = await startNginx([first.port, second.port], nginxPort);
      cleanups.push(() => proxyAgain.stop());
      const webAgain = httpsTestApp({ port: nginxPort, ca: proxyAgain.cert }, db, config);

      // Five more days, so interest accrues again and a prolongation has a price; both
      // instances see the moved clock (shared through the database) before we go on.
      const later = await webAgain.app.inject({
        method: 'POST',
        url: '/api/dev/clock',
        payload: { days: 5 },
      });
      expect(later.statusCode, later.body).toBe(200);
      const movedTo = Date.parse(later.json<{ data: { now: string } }>().data.now);
      for (const instance of [first, second]) await untilClockAt(instance, movedTo);

      const sign = await webAgain.app.inject({
        method: 'POST',
        url: '/api/sms/send',
        headers: borrower.headers,
        remoteAddress: borrower.ip,
        payload: { purpose: 'sign', order_id: given.id, prolongation: 14 },
      });
      expect(sign.statusCode, sign.body).toBe(200);
      const code = await lastSmsCode(db, client.phone);
      const prolonged = paid(
        await pay(webAgain, borrower, contract, {
          type: 'full',
          prolongation: 14,
          asp_code: code,
          document_agreements: 'prolongation_agreement',
          card_id: borrower.cardId ?? 0,
        }),
      );
      expect(prolonged.status).toBe('approved');
      expect(prolonged.order?.status_id).toBe(ORDER_STATUS.GIVEN);

      // The ledger: one payout, every movement equals what the gateway moved, nothing twice.
      expect(await ledgerProblems(database.url, [given.id])).toEqual([]);
      const ledger = await db.db.select().from(loanLedger).where(eq(loanLedger.orderId, given.id));
      const sum = (kind: string) =>
        ledger.filter((row) => row.kind === kind).reduce((total, row) => total + row.amount, 0n);
      expect(sum('payout')).toBe(1_000_000n);
      expect(sum('prolongation_fee')).toBeGreaterThan(0n);

      // The deploy config's other promises: cached static files, SMS rate limit, body limit.
      await expectStaticCaching(webAgain);
      const tooBig = await webAgain.app.inject({
        method: 'POST',
        url: '/api/clients/login',
        payload: { phone: '+79990000000', password: 'x'.repeat(2 * 1024 * 1024) },
      });
      expect(tooBig.statusCode).toBe(413);
      const statuses: number[] = [];
      for (let i = 0; i < 12; i += 1) {
        const answer = await webAgain.app.inject({
          method: 'POST',
          url: '/api/sms/send_una',
          payload: { phone: '+79990001122', purpose: 'signin' },
        });
        statuses.push(answer.statusCode);
      }
      expect(statuses).toContain(429);

      // Each instance exposes its own metrics on METRICS_PORT.
      const metrics = await fetch(`http://127.0.0.1:${second.metricsPort}/metrics`);
      const text = await metrics.text();
      expect(text).toContain(
        'zaymo_http_request_duration_seconds_count{method="GET",route="/api/clients/orders",status="200"}',
      );
      expect(text).toMatch(/zaymo_payment_operations\{kind="payout",status="approved"\} 1/);
      expect(text).toContain('zaymo_db_pool_connections{state="max"} 10');

      expect(await stopInstance(first)).toBe(0);
      expect(await stopInstance(second)).toBe(0);
    },
    TIMEOUT,
  );
});

async function untilClockAt(instance: Instance, atLeast: number): Promise<void> {
  await until(
    `часы экземпляра на порту ${instance.port}`,
    async () => {
      const answer = await fetch(`http://127.0.0.1:${instance.port}/api/health`);
      return Date.parse(((await answer.json()) as { time: string }).time) >= atLeast - 60_000;
    },
    { timeoutMs: 30_000, intervalMs: 200 },
  );
}

async function lastSmsCode(db: OpenDatabase, phone: string): Promise<string> {
  const { outboxMessages } = await import('../../src/db/schema');
  const { desc } = await import('drizzle-orm');
  const [row] = await db.db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.recipient, phone))
    .orderBy(desc(outboxMessages.id))
    .limit(1);
  const code = /\b(\d{6})\b/.exec(row?.body ?? '')?.[1];
  if (!code) throw new Error('no code');
  return code;
}

async function expectStaticCaching(web: ReturnType<typeof httpsTestApp>): Promise<void> {
  const assets = path.join(repoRoot, 'apps', 'web', 'dist', 'assets');
  expect(existsSync(assets), 'npm run build first').toBe(true);
  const file = readdirSync(assets).find((name) => name.endsWith('.js'));
  const answer = await web.app.inject({ method: 'GET', url: `/assets/${file ?? ''}` });
  expect(answer.statusCode).toBe(200);
  expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
}
