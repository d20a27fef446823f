// The day's background work in `npm run bench`: BENCH_LOANS open loans (1 000 000) seeded by SQL
// in a database of their own (day-book.mjs), then one day of accrual, reconciliation, reminders
// and bureau events run by one instance, and the same day on a copy of the book by two (POST
// /api/dev/jobs on each at once: they share the work through SKIP LOCKED claims), while 100
// connections read a signed-in client's data. As production runs them at scale (docs/production.md):
// the jobs on instances nginx sends no client to, at a lower priority (Nice=JOBS_NICE), the reads
// on a serving instance that runs no jobs. Goal: the day's work in 60 s or less, faster with two
// instances, and the read's p99 during it within 2× its idle figure.
import http from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import os from 'node:os';
import { bookCounts, REMINDER_ENV, seedBook } from './day-book.mjs';
import { load, loadLine, seededToken, withClient } from './load.mjs';
import { startAppServer, stop } from './servers.mjs';

const DAY_GOAL_SECONDS = 60;
const P99_GOAL_RATIO = 2;
/** The job instances' niceness, as deploy/systemd/jobs-instance.conf sets it. */
const JOBS_NICE = 10;

/**
 * A POST answered whenever it is done: node:http has no time limit of its own, where fetch gives
 * up on an answer's headers after 300 s (a day's run at a million loans may take longer).
 */
export function post(origin, route, body = {}) {
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
export async function nextMoscowNoon(origins) {
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

/** One instance's run of the day's jobs: its answer and its own wall time. */
async function runOn(origin, started) {
  const answer = await post(origin, '/api/dev/jobs');
  return { ...answer, seconds: (performance.now() - started) / 1000 };
}

/** One day: the jobs on every instance at once, the signed-in read loaded meanwhile. */
async function runDay(origins, readOrigin, loans) {
  const started = performance.now();
  const runs = Promise.all(origins.map((origin) => runOn(origin, started)));
  const reading = load({
    url: `${readOrigin}/api/clients`,
    connections: 100,
    tokens: tokensOf(100, loans),
    until: runs,
  });
  const [answers, reads] = await Promise.all([runs, reading]);
  return { answers, seconds: Math.max(...answers.map((answer) => answer.seconds)), reads };
}

function figure(text, target = '(figure)') {
  console.log(`[day jobs] ${text.padEnd(72)} ${target}`);
}

function loadAverage() {
  return os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' / ');
}

/** Each job per instance and in all, each instance's run, the day beside its goal, the read. */
function dayLines(label, day, idle) {
  const jobs = day.answers[0].jobs.map((job) => job.job);
  for (const job of jobs) {
    const each = day.answers.map((answer) => answer.jobs.find((one) => one.job === job));
    const seconds = each.map((one) => `${(one?.seconds ?? 0).toFixed(1)} s`).join(' + ');
    const items = each.map((one) => one?.items ?? 0);
    const all = items.length > 1 ? `, ${items.reduce((a, b) => a + b, 0)} in all` : '';
    figure(`${label}: ${job} ${seconds} (${items.join(' + ')} items${all})`);
  }
  if (day.answers.length > 1) {
    const runs = day.answers.map((answer, index) => `#${index + 1} ${answer.seconds.toFixed(1)} s`);
    figure(`${label}: each instance's run ${runs.join(', ')}`);
  }
  const ok = day.seconds <= DAY_GOAL_SECONDS;
  figure(
    `${label}: the day's work ${day.seconds.toFixed(1)} s`,
    `≤ ${DAY_GOAL_SECONDS} s ${ok ? '✓' : '✗'}`,
  );
  const ratio = day.reads.p99 / idle.p99;
  const read = `${loadLine(`${label}: GET /api/clients during it (100 conn)`, day.reads)} = ${ratio.toFixed(1)}× idle`;
  figure(read, `≤ ${P99_GOAL_RATIO}× ${ratio <= P99_GOAL_RATIO ? '✓' : '✗'}`);
  console.log(`          load average ${loadAverage()} on ${os.cpus().length} cores after it`);
}

/** What the day had to do and did: the book before it, and what it planned, sent and reported. */
function countLines(label, before, after) {
  figure(
    `${label}: ${before.open} open loans, ${before.overdue} overdue, ${before.pending} pending operations`,
  );
  figure(
    `${label}: ${after.messages - before.messages} messages due (${after.sent} sent, ${after.waiting} wait, ${after.dropped} dropped${after.refusals ? `: ${after.refusals}` : ''}), ${after.bureau - before.bureau} bureau events, ${after.ledger - before.ledger} ledger rows`,
  );
}

/**
 * The read's idle yardstick on the instance that is read during the day, just before the day
 * (after a warm-up: its first statements are not measured), then the clock moved to the day's
 * noon: the counts, the jobs on `origins`, the figures.
 */
async function measureDay(databaseUrl, origins, readOrigin, { label, loans, settings }) {
  await warmUp(readOrigin, loans, settings);
  const idle = await load({
    url: `${readOrigin}/api/clients`,
    connections: 100,
    tokens: tokensOf(100, loans),
    seconds: settings.seconds,
  });
  figure(loadLine(`${label}: GET /api/clients idle (100 conn)`, idle), '(yardstick)');
  const day = await nextMoscowNoon([readOrigin, ...origins]);
  const before = await bookCounts(databaseUrl, day);
  const run = await runDay(origins, readOrigin, loans);
  countLines(`${day}, ${label}`, before, await bookCounts(databaseUrl, day));
  dayLines(`${day}, ${label}`, run, idle);
  return run;
}

/** The read loaded on a server just started, so that its first statements are not measured. */
async function warmUp(origin, loans, settings) {
  if (settings.warmupSeconds <= 0) return;
  await load({
    url: `${origin}/api/clients`,
    connections: 100,
    tokens: tokensOf(100, loans),
    seconds: settings.warmupSeconds,
  });
}

/** A database of the bench's cluster named `name`, as a URL; made from `template` if given. */
async function makeDatabase(databaseUrl, name, template = null) {
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  const from = template ? ` template ${template} strategy file_copy` : '';
  await withClient(databaseUrl, (client) => client.query(`create database ${name}${from}`));
  return url.href;
}

/**
 * The whole part: its own database on the bench's cluster (so the other parts' loans do not
 * change its day), migrated by a first start of the server, the book seeded and copied whole, the
 * next day's work by one instance on the book, then the same day's work by two instances on the
 * copy: the same work, so the two figures compare.
 */
export async function dayJobsFigures(databaseUrl, settings, dataDir) {
  const loans = settings.loans;
  const oneUrl = await makeDatabase(databaseUrl, 'zaymo_days');
  // Timers off: only POST /api/dev/jobs runs the jobs, so each day is measured whole.
  const env = { ACCRUAL_SECONDS: '0', BUREAU_REPORT_SECONDS: '0', ...REMINDER_ENV };
  const servers = [];
  const start = async (n, url, nice = JOBS_NICE) => {
    const server = await startAppServer({
      port: settings.port + 4 + n,
      dataDir: path.join(dataDir, `days-${n}`),
      databaseUrl: url,
      env,
      nice,
    });
    servers.push(server);
    return server;
  };
  const stopAll = async () => {
    for (const server of servers.splice(0)) await stop(server.child);
  };
  try {
    await start(0, oneUrl);
    await stopAll();
    console.log(`seeding ${loans} open loans…`);
    const seeded = await seedBook(oneUrl, loans);
    const book = await bookCounts(oneUrl);
    console.log(
      `  seeded in ${seeded.toFixed(0)} s (load average ${loadAverage()}): ${book.open} loans, ${book.overdue} overdue, ${book.ledger} ledger rows, ${book.messages} past messages, ${book.pending} pending operations`,
    );
    const copyStarted = performance.now();
    const twoUrl = await makeDatabase(databaseUrl, 'zaymo_days_two', 'zaymo_days');
    console.log(
      `  copied for the two instances in ${((performance.now() - copyStarted) / 1000).toFixed(0)} s`,
    );
    const serving = (url) => start(0, url, 0);
    const readOne = (await serving(oneUrl)).origin;
    const first = await start(1, oneUrl);
    const one = await measureDay(oneUrl, [first.origin], readOne, {
      label: '1 instance',
      loans,
      settings,
    });
    await stopAll();
    const readTwo = (await serving(twoUrl)).origin;
    const origins = [(await start(1, twoUrl)).origin, (await start(2, twoUrl)).origin];
    const two = await measureDay(twoUrl, origins, readTwo, {
      label: '2 instances',
      loans,
      settings,
    });
    const faster = one.seconds / two.seconds;
    figure(
      `the same day, two instances ÷ one: ${faster.toFixed(1)}× as fast`,
      `> 1 ${faster > 1 ? '✓' : '✗'}`,
    );
  } finally {
    await stopAll();
  }
}
