// The day's background work in `npm run bench`: BENCH_LOANS open loans (1 000 000) seeded by SQL
// in a database of their own, then one day of accrual, reconciliation, reminders and bureau events
// run by one instance and the next day by two (POST /api/dev/jobs on each at once: they share the
// work through SKIP LOCKED claims), while 100 connections read a signed-in client's data from the
// first instance. Goal: the day's work in 60 s or less, faster with two instances, and the read's
// p99 during it within 2× its idle figure.
import http from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { load, loadLine, seededToken, seedClients, withClient } from './load.mjs';
import { startAppServer, stop } from './servers.mjs';

const DAY_GOAL_SECONDS = 60;
const P99_GOAL_RATIO = 2;
/** Loans seeded per statement: a million in one would hold its whole WAL at once. */
const SEED_STEP = 250_000;

/*
 * The seeded book: client n has loan n of 10 000 ₽ at 0.8 % a day for 30 days, taken 1 + n % 33
 * days ago (so each day 1/33 of the loans reach their due date: ~9 % are overdue by 1–3 days).
 * The ledger is the payout and what accrual booked up to today, as one interest (and penalty)
 * entry dated today: the day's run books one more day of each. Every 100th loan has a page
 * payment left pending at the gateway since yesterday (the client never paid): reconciliation
 * asks the gateway and closes it.
 */
const CYCLE = 33;
const PRINCIPAL = 1_000_000;
const DAILY_INTEREST = 8_000;
/** 20 % a year on 10 000 ₽, rounded down (loan-math penaltyForDay). */
const DAILY_PENALTY = 547;
const PENDING_EVERY = 100;
const GIVEN = 4;
const EXPIRED = 8;

const TODAY = `(now() at time zone 'Europe/Moscow')::date`;

async function seedLoans(client, from, to) {
  await client.query(
    `insert into loan_orders (client_id, status_id, tariff_id, amount, period, day_percent,
       interest, return_sum, psk_percent, psk_amount, client_snapshot, contract_number, due_date,
       created_at, updated_at, given_at)
     select c.id, case when 1 + c.id % ${CYCLE} > 30 then ${EXPIRED} else ${GIVEN} end,
       tariff.id, ${PRINCIPAL}, 30, '0.8', 240000, 1240000, '292.000', 240000,
       jsonb_build_object('fullName', 'Нагрузкин Тест Бенчевич', 'phone', c.phone,
         'birthDate', '1990-01-01', 'birthPlace', 'г. Москва',
         'passport', jsonb_build_object('series', '4510', 'number', lpad(c.id::text, 6, '0'),
           'issueDate', '2010-01-01', 'issuedBy', 'ОВД', 'divisionCode', '770-001')),
       'ДЖ-' || lpad(c.id::text, 7, '0'), ${TODAY} - (1 + c.id % ${CYCLE})::int + 30,
       now(), now(), now()
     from clients c,
       (select id from tariffs where not is_repeat order by position, id limit 1) tariff
     where c.id between $1 and $2`,
    [from, to],
  );
  await client.query(
    `insert into loan_ledger (order_id, entry_key, kind, amount, entry_date, created_at)
     select o.id, e.entry_key, e.kind, e.amount, e.entry_date, now()
     from loan_orders o
     cross join lateral (values
       ('payout', 'payout', ${PRINCIPAL}::bigint, o.due_date - 30),
       ('interest:' || ${TODAY}, 'interest',
         ${DAILY_INTEREST}::bigint * (${TODAY} - (o.due_date - 30)), ${TODAY}),
       ('penalty:' || ${TODAY}, 'penalty',
         ${DAILY_PENALTY}::bigint * (${TODAY} - o.due_date), ${TODAY})
     ) e(entry_key, kind, amount, entry_date)
     where o.client_id between $1 and $2 and o.contract_number like 'ДЖ-%'
       and (e.kind <> 'penalty' or o.due_date < ${TODAY})`,
    [from, to],
  );
}

/**
 * Every PENDING_EVERY-th loan (shifted by `shift`) gets a page payment started yesterday and left
 * unpaid: an order registered at the sandbox gateway and our pending operation pointing to it.
 */
async function seedPendingPayments(databaseUrl, shift) {
  await withClient(databaseUrl, async (client) => {
    await client.query(
      `with loans as (
         select o.id, o.client_id from loan_orders o
         where o.status_id in (${GIVEN}, ${EXPIRED}) and o.id % ${PENDING_EVERY} = $1
       ), pages as (
         insert into sandbox.b2p_orders (sector, amount, currency, reference, description, state,
           created_at, expires_at)
         select '7301', 100000, '643', 'bench-page-' || $1 || '-' || id, 'Погашение займа',
           'REGISTERED', now() - interval '1 day', now() - interval '1 hour'
         from loans
         returning id, reference
       )
       insert into payment_operations (kind, client_id, gateway_order_id, reference,
         idempotency_key, amount, status, loan_order_id, expires_at, created_at, updated_at)
       select 'payment', loans.client_id, pages.id::text, pages.reference,
         'bench:' || pages.reference, 100000, 'pending', loans.id, now() - interval '1 hour',
         now() - interval '1 day', now() - interval '1 day'
       from pages join loans on pages.reference = 'bench-page-' || $1 || '-' || loans.id`,
      [shift],
    );
    await client.query('vacuum analyze payment_operations');
  });
}

async function seedBook(databaseUrl, loans) {
  await seedClients(databaseUrl, 1, loans);
  await withClient(databaseUrl, async (client) => {
    for (let from = 1; from <= loans; from += SEED_STEP) {
      await seedLoans(client, from, Math.min(loans, from + SEED_STEP - 1));
    }
    for (const table of ['loan_orders', 'loan_ledger'])
      await client.query(`vacuum analyze ${table}`);
  });
}

/**
 * A POST answered whenever it is done: node:http has no time limit of its own, where fetch gives
 * up on an answer's headers after 300 s (a day's run at a million loans may take longer).
 */
function post(origin, route, body = {}) {
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${origin}${route}`,
      { method: 'POST', headers: { 'content-type': 'application/json' } },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          if (response.statusCode !== 200)
            reject(new Error(`${route}: ${response.statusCode} ${text}`));
          else resolve(JSON.parse(text).data);
        });
      },
    );
    request.on('error', reject);
    request.end(JSON.stringify(body));
  });
}

async function clockOf(origin) {
  const response = await fetch(`${origin}/api/dev/clock`);
  return (await response.json()).data;
}

/**
 * The shared sandbox clock to noon (Moscow) of the next day: the day's reminders may go then
 * (230-FZ art. 7 part 3 allows 8–22 on working days, 9–20 on others). Waits until every instance
 * has re-read the clock.
 */
async function nextMoscowNoon(origins) {
  const before = await clockOf(origins[0]);
  const moscow = new Date(Date.parse(before.now) + 3 * 60 * 60 * 1000);
  const minutesOfDay = moscow.getUTCHours() * 60 + moscow.getUTCMinutes();
  const minutes = 24 * 60 - minutesOfDay + 12 * 60;
  const moved = await post(origins[0], '/api/dev/clock', {
    days: Math.floor(minutes / (24 * 60)),
    minutes: minutes % (24 * 60),
  });
  for (const origin of origins.slice(1)) {
    while ((await clockOf(origin)).today !== moved.today) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  return moved.today;
}

function tokensOf(count, clients) {
  return Array.from({ length: count }, (_, index) =>
    seededToken(1 + Math.floor((index * clients) / count)),
  );
}

/** One day: the jobs on every instance at once, the signed-in read loaded meanwhile. */
async function runDay(origins, readOrigin, loans) {
  const started = performance.now();
  const runs = Promise.all(origins.map((origin) => post(origin, '/api/dev/jobs')));
  const reads = load({
    url: `${readOrigin}/api/clients`,
    connections: 100,
    tokens: tokensOf(100, loans),
    until: runs,
  });
  const answers = await runs;
  const seconds = (performance.now() - started) / 1000;
  return { answers, seconds, reads: await reads };
}

function dayLines(label, day, idle) {
  const jobs = day.answers[0].jobs.map((job) => job.job);
  for (const job of jobs) {
    const each = day.answers.map((answer) => answer.jobs.find((one) => one.job === job));
    const seconds = each.map((one) => `${(one?.seconds ?? 0).toFixed(1)} s`).join(' + ');
    const items = each.map((one) => one?.items ?? 0).join(' + ');
    console.log(`[day jobs] ${`${label}: ${job} ${seconds} (${items} rows)`.padEnd(72)} (figure)`);
  }
  const total = `${label}: the day's work ${day.seconds.toFixed(1)} s`;
  console.log(
    `[day jobs] ${total.padEnd(72)} ≤ ${DAY_GOAL_SECONDS} s ${day.seconds <= DAY_GOAL_SECONDS ? '✓' : '✗'}`,
  );
  const ratio = day.reads.p99 / idle.p99;
  const read = `${loadLine(`${label}: GET /api/clients during it (100 conn)`, day.reads)} = ${ratio.toFixed(1)}× idle`;
  console.log(
    `[day jobs] ${read.padEnd(72)} ≤ ${P99_GOAL_RATIO}× ${ratio <= P99_GOAL_RATIO ? '✓' : '✗'}`,
  );
}

/**
 * The whole part: its own database on the bench's cluster (so the other parts' loans do not
 * change its day), the first instance, the book seeded, the idle read, a day with one instance,
 * then a second instance and the next day with both.
 */
export async function dayJobsFigures(databaseUrl, settings, dataDir) {
  const loans = settings.loans;
  const url = new URL(databaseUrl);
  url.pathname = '/zaymo_days';
  await withClient(databaseUrl, (client) => client.query('create database zaymo_days'));
  // Timers off: only POST /api/dev/jobs runs the jobs, so each day is measured whole.
  const env = { ACCRUAL_SECONDS: '0', BUREAU_REPORT_SECONDS: '0' };
  const start = (n) =>
    startAppServer({
      port: settings.port + 4 + n,
      dataDir: path.join(dataDir, `days-${n}`),
      databaseUrl: url.href,
      env,
    });
  const first = await start(0);
  let second = null;
  try {
    console.log(`seeding ${loans} open loans…`);
    const seedStarted = Date.now();
    await seedBook(url.href, loans);
    await seedPendingPayments(url.href, 0);
    console.log(`  seeded in ${((Date.now() - seedStarted) / 1000).toFixed(0)} s`);
    const idle = await load({
      url: `${first.origin}/api/clients`,
      connections: 100,
      tokens: tokensOf(100, loans),
      seconds: settings.seconds,
    });
    console.log(
      `[day jobs] ${loadLine('GET /api/clients idle (100 conn)', idle).padEnd(72)} (yardstick)`,
    );
    const oneDay = await nextMoscowNoon([first.origin]);
    dayLines(`${oneDay}, 1 instance`, await runDay([first.origin], first.origin, loans), idle);
    second = await start(1);
    await seedPendingPayments(url.href, PENDING_EVERY / 2);
    const twoDay = await nextMoscowNoon([first.origin, second.origin]);
    dayLines(
      `${twoDay}, 2 instances`,
      await runDay([first.origin, second.origin], first.origin, loans),
      idle,
    );
  } finally {
    if (second) await stop(second.child);
    await stop(first.child);
  }
}
