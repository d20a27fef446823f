// Where the day's jobs spend their time. The day-jobs book (day-book.mjs) is seeded once into the
// database DAY_PROFILE_BOOK (zaymo_day_book) of DATABASE_URL's cluster and kept there; each run
// copies it, starts the built server on the copy under `node --cpu-prof`, moves the sandbox clock
// to the next Moscow noon and runs the day's jobs once (POST /api/dev/jobs) with no other load.
// Prints each job's seconds and items, the CPU of the server and of PostgreSQL (from /proc), and
// the server's time by package and by function. A book seeded on an earlier Moscow day is seeded
// again (its day would not be the one after it).
// Usage: `npm run build && DATABASE_URL=postgres://… node scripts/bench/day-profile.mjs`.
// Environment: DAY_PROFILE_LOANS (200000), DAY_PROFILE_BOOK, DAY_PROFILE_TOP (30 functions),
// DAY_PROFILE_JOB (the tables of one job only: accrual, reconciliation, reminders…),
// DAY_PROFILE_ENV (settings for the server, `NAME=value,NAME=value`), DAY_PROFILE_SAVE (a path to
// keep the .cpuprofile at, for Chrome's DevTools), BENCH_PORT (3200).
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { clusterCpuMs, packageOf, postmasterPid } from './cpu-profile.mjs';
import { REMINDER_ENV, seedBook } from './day-book.mjs';
import { nextMoscowNoon, post } from './day-jobs.mjs';
import { withClient } from './load.mjs';
import { processCpuMs } from './machine.mjs';
import { startAppServer, stop } from './servers.mjs';

const settings = {
  loans: Number(process.env.DAY_PROFILE_LOANS ?? 200_000),
  book: process.env.DAY_PROFILE_BOOK ?? 'zaymo_day_book',
  top: Number(process.env.DAY_PROFILE_TOP ?? 30),
  job: process.env.DAY_PROFILE_JOB ?? null,
  save: process.env.DAY_PROFILE_SAVE ?? null,
  port: Number(process.env.BENCH_PORT ?? 3200),
  env: Object.fromEntries(
    (process.env.DAY_PROFILE_ENV ?? '')
      .split(',')
      .filter(Boolean)
      .map((pair) => pair.split('=')),
  ),
};
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL: the cluster that keeps the seeded book');
const RUN_DATABASE = `${settings.book}_run`;
// Timers off: only POST /api/dev/jobs runs the jobs, so the day is measured whole.
const SERVER_ENV = { ACCRUAL_SECONDS: '0', BUREAU_REPORT_SECONDS: '0', ...REMINDER_ENV };

const workDir = mkdtempSync(path.join(tmpdir(), 'zaymo-day-profile-'));
try {
  await ensureBook();
  await profileDay();
} finally {
  rmSync(workDir, { recursive: true, force: true });
}

function urlOf(name) {
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return url.href;
}

/** The book's Moscow seeding day and loans, or null when there is none. */
async function bookOf(name) {
  return withClient(databaseUrl, async (client) => {
    const { rows } = await client.query(
      `select shobj_description(oid, 'pg_database') as note from pg_database where datname = $1`,
      [name],
    );
    return rows.length > 0 ? JSON.parse(rows[0].note ?? 'null') : null;
  });
}

async function moscowToday() {
  return withClient(databaseUrl, async (client) => {
    const { rows } = await client.query(
      `select (now() at time zone 'Europe/Moscow')::date::text as today`,
    );
    return rows[0].today;
  });
}

/** Seeds the book unless one of these loans, seeded today, is there; its migrations by a start. */
async function ensureBook() {
  const today = await moscowToday();
  const book = await bookOf(settings.book);
  if (book?.loans === settings.loans && book.day === today) return;
  await withClient(databaseUrl, async (client) => {
    await client.query(`drop database if exists ${settings.book} with (force)`);
    await client.query(`create database ${settings.book}`);
  });
  const server = await startAppServer({
    port: settings.port,
    dataDir: path.join(workDir, 'migrate'),
    databaseUrl: urlOf(settings.book),
    env: SERVER_ENV,
  });
  await stop(server.child);
  console.log(`seeding ${settings.loans} loans into ${settings.book}…`);
  const seconds = await seedBook(urlOf(settings.book), settings.loans);
  console.log(`  seeded in ${seconds.toFixed(0)} s`);
  const note = JSON.stringify({ loans: settings.loans, day: today });
  await withClient(databaseUrl, (client) =>
    client.query(`comment on database ${settings.book} is '${note}'`),
  );
}

async function profileDay() {
  await withClient(databaseUrl, async (client) => {
    await client.query(`drop database if exists ${RUN_DATABASE} with (force)`);
    await client.query(
      `create database ${RUN_DATABASE} template ${settings.book} strategy file_copy`,
    );
  });
  const profileDir = path.join(workDir, 'profile');
  const server = await startAppServer({
    port: settings.port,
    dataDir: path.join(workDir, 'data'),
    databaseUrl: urlOf(RUN_DATABASE),
    env: { ...SERVER_ENV, ...settings.env },
    nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, '--cpu-prof-interval=500'],
  });
  const postmaster = await postmasterPid(databaseUrl);
  let answer;
  let cpu;
  try {
    const day = await nextMoscowNoon([server.origin]);
    const before = { app: processCpuMs(server.child.pid), db: clusterCpuMs(postmaster) };
    const started = performance.now();
    const from = nowMicros();
    answer = await post(server.origin, '/api/dev/jobs');
    cpu = {
      from,
      to: nowMicros(),
      seconds: (performance.now() - started) / 1000,
      app: processCpuMs(server.child.pid) - before.app,
      db: clusterCpuMs(postmaster) - before.db,
    };
    console.log(
      `\nthe day ${day}, ${settings.loans} loans, server settings ${JSON.stringify(settings.env)}:`,
    );
  } finally {
    await stop(server.child);
  }
  for (const job of answer.jobs) {
    console.log(
      `  ${job.job.padEnd(20)} ${job.seconds.toFixed(1).padStart(7)} s ${String(job.items).padStart(9)} items`,
    );
  }
  console.log(
    `  the day ${cpu.seconds.toFixed(1)} s; CPU: server ${(cpu.app / 1000).toFixed(1)} s, PostgreSQL ${(cpu.db / 1000).toFixed(1)} s`,
  );
  const [file] = readdirSync(profileDir).filter((name) => name.endsWith('.cpuprofile'));
  if (settings.save) copyFileSync(path.join(profileDir, file), settings.save);
  report(JSON.parse(readFileSync(path.join(profileDir, file), 'utf8')), cpu, answer.jobs);
}

/** CLOCK_MONOTONIC in µs, the clock of V8's profile timestamps on Linux. */
function nowMicros() {
  return Number(process.hrtime.bigint() / 1000n);
}

function add(map, key, value) {
  map.set(key, (map.get(key) ?? 0) + value);
}

/**
 * The server's busy time during the day by package (self), by function (self) and by our
 * functions (inclusive), and each job's share of its wall time (the jobs run one after another).
 */
function report(profile, day, jobs) {
  let jobStart = day.to - jobs.reduce((total, job) => total + job.seconds * 1e6, 0);
  const windows = jobs.map((job) => {
    const window = { job: job.job, from: jobStart, to: jobStart + job.seconds * 1e6, busy: 0 };
    jobStart = window.to;
    return window;
  });
  const parents = new Map();
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  for (const node of profile.nodes) {
    for (const child of node.children ?? []) parents.set(child, node.id);
  }
  const self = new Map();
  const selfFunctions = new Map();
  const inclusive = new Map();
  let busy = 0;
  let at = profile.startTime;
  for (let index = 0; index < profile.samples.length; index++) {
    at += profile.timeDeltas[index];
    const duration = profile.timeDeltas[index + 1] ?? 0;
    const node = nodes.get(profile.samples[index]);
    if (node.callFrame.functionName === '(idle)' || at < day.from || at >= day.to) continue;
    busy += duration;
    const window = windows.find((candidate) => at >= candidate.from && at < candidate.to);
    if (window) window.busy += duration;
    if (settings.job && window?.job !== settings.job) continue;
    const owner = packageOf(node.callFrame);
    add(self, owner, duration);
    add(selfFunctions, `${owner} ${node.callFrame.functionName || '(anonymous)'}`, duration);
    const seen = new Set();
    for (let id = node.id; id !== undefined; id = parents.get(id)) {
      const frame = nodes.get(id).callFrame;
      if (packageOf(frame) === 'app')
        seen.add(`${frame.functionName || '(anonymous)'}:${frame.lineNumber + 1}`);
    }
    for (const name of seen) add(inclusive, name, duration);
  }
  if (settings.job) console.log(`\nthe tables below: ${settings.job} only`);
  console.log(`\nthe server's JS thread busy ${(busy / 1e6).toFixed(1)} s of the day`);
  for (const window of windows.filter((one) => one.to - one.from >= 1e5)) {
    const share = (100 * window.busy) / (window.to - window.from);
    console.log(`  ${window.job.padEnd(20)} busy ${share.toFixed(0).padStart(3)} % of its time`);
  }
  for (const [title, map, limit] of [
    ['self time by package', self, 15],
    ['self time by function', selfFunctions, settings.top],
    ['inclusive time of our functions', inclusive, settings.top],
  ]) {
    console.log(`\n${title}, s:`);
    const rows = [...map].sort((a, b) => b[1] - a[1]).slice(0, limit);
    for (const [name, micros] of rows) {
      console.log(`  ${(micros / 1e6).toFixed(2).padStart(7)}  ${name.slice(0, 90)}`);
    }
  }
}
