// EXPERIMENT (not committed): where should the reads go while the day's jobs run?
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { REMINDER_ENV } from './day-book.mjs';
import { nextMoscowNoon, post } from './day-jobs.mjs';
import { load, loadLine, seededToken, withClient } from './load.mjs';
import { startAppServer, stop } from './servers.mjs';

const databaseUrl = process.env.DATABASE_URL;
const mode = process.env.MODE ?? 'same'; // same | apart
const nice = Number(process.env.NICE ?? 0);
const loans = Number(process.env.LOANS ?? 200000);
const book = 'zaymo_day_book';
const run = 'zaymo_day_book_exp';
const SERVER_ENV = { ACCRUAL_SECONDS: '0', BUREAU_REPORT_SECONDS: '0', ...REMINDER_ENV };
const workDir = mkdtempSync(path.join(tmpdir(), 'zaymo-exp-'));
const urlOf = (name) => { const u = new URL(databaseUrl); u.pathname = `/${name}`; return u.href; };
await withClient(databaseUrl, async (c) => {
  await c.query(`drop database if exists ${run} with (force)`);
  await c.query(`create database ${run} template ${book} strategy file_copy`);
});
const servers = [];
try {
  const reader = await startAppServer({ port: 3610, dataDir: path.join(workDir, 'a'), databaseUrl: urlOf(run), env: SERVER_ENV });
  servers.push(reader);
  let worker = reader;
  if (mode === 'apart') {
    worker = await startAppServer({ port: 3611, dataDir: path.join(workDir, 'b'), databaseUrl: urlOf(run), env: SERVER_ENV });
    servers.push(worker);
    if (nice) {
      const os = await import('node:os');
      const fs = await import('node:fs');
      for (const tid of fs.readdirSync(`/proc/${worker.child.pid}/task`)) os.setPriority(Number(tid), nice);
    }
  }
  const tokens = Array.from({ length: 100 }, (_, i) => seededToken(1 + Math.floor((i * loans) / 100)));
  await load({ url: `${reader.origin}/api/clients`, connections: 100, tokens, seconds: 5 });
  const idle = await load({ url: `${reader.origin}/api/clients`, connections: 100, tokens, seconds: 10 });
  console.log(loadLine('idle', idle));
  await nextMoscowNoon(servers.map((s) => s.origin));
  const started = performance.now();
  const jobs = post(worker.origin, '/api/dev/jobs');
  const during = await load({ url: `${reader.origin}/api/clients`, connections: 100, tokens, until: jobs });
  const answer = await jobs;
  const seconds = (performance.now() - started) / 1000;
  console.log(`mode ${mode} nice ${nice}: day ${seconds.toFixed(1)} s: ${answer.jobs.filter((j) => j.seconds > 0.05).map((j) => `${j.job} ${j.seconds.toFixed(1)}`).join(', ')}`);
  console.log(`${loadLine('during', during)} = ${(during.p99 / idle.p99).toFixed(1)}× idle p99`);
} finally {
  for (const s of servers) await stop(s.child);
  rmSync(workDir, { recursive: true, force: true });
}
