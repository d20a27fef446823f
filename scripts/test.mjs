// The README's test command: every check the project has, in order, failing fast.
// `npm test` runs them all; `npm test -- unit api` runs only the named steps.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync, rmSync } from 'node:fs';
import path from 'node:path';

const reportsDir = path.resolve('e2e/.artifacts/reports');
// The e2e run starts a server per worker on E2E_PORT, E2E_PORT + 1, … and one more after them
// with the biometric rule of 41-FZ in force (e2e/playwright.config.ts).
const e2ePort = Number(process.env.E2E_PORT ?? 3100);
const e2eWorkers = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
const e2ePorts = Array.from({ length: e2eWorkers + 1 }, (_, index) => e2ePort + index);

const steps = [
  { name: 'system-deps', title: 'Системные пакеты', command: 'bash scripts/ensure-system-deps.sh' },
  // Three single-threaded checks that read the sources only: side by side on two cores.
  { name: 'typecheck', title: 'Типы (tsc)', command: 'npm run -s typecheck', together: 'checks' },
  { name: 'lint', title: 'Линтер (eslint)', command: 'npm run -s lint', together: 'checks' },
  {
    name: 'format',
    title: 'Форматирование (prettier)',
    command: 'npm run -s format:check',
    together: 'checks',
  },
  {
    name: 'unit',
    title: 'Модульные тесты',
    command: `npx vitest run --project repo --project contract --project web-kit --project server-unit --project web --project crm ${vitestReport('unit')}`,
    report: { kind: 'vitest', file: 'unit.json' },
  },
  {
    name: 'api',
    title: 'API-тесты',
    command: `npx vitest run --project server-api ${vitestReport('api')}`,
    report: { kind: 'vitest', file: 'api.json' },
  },
  { name: 'build', title: 'Сборка', command: 'npm run -s build' },
  {
    name: 'e2e',
    title: 'Браузерные тесты',
    command: 'npm run -s test -w @zaymo/e2e',
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(reportsDir, 'e2e.json') },
    report: { kind: 'playwright', file: 'e2e.json' },
  },
  {
    name: 'card-scan',
    title: 'Номера карт в базе и журнале после браузерных тестов',
    command: e2ePorts.map((port) => `node scripts/scan-card-numbers.mjs ${port}`).join(' && '),
  },
];

function vitestReport(name) {
  return `--reporter=default --reporter=json --outputFile.json=${path.join(reportsDir, `${name}.json`)}`;
}

function readCounts(report) {
  const file = path.join(reportsDir, report.file);
  if (!existsSync(file)) return null;
  const json = JSON.parse(readFileSync(file, 'utf8'));
  if (report.kind === 'vitest') {
    return {
      passed: json.numPassedTests,
      failed: json.numFailedTests,
      skipped: json.numPendingTests,
    };
  }
  const stats = json.stats;
  return {
    passed: stats.expected + stats.flaky,
    failed: stats.unexpected,
    skipped: stats.skipped,
    flaky: stats.flaky,
  };
}

function run(step) {
  console.log(`\n▶ ${step.title}: ${step.command}`);
  const started = Date.now();
  const result = spawnSync(step.command, {
    shell: true,
    stdio: 'inherit',
    env: { ...process.env, ...step.env },
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  return { ok: result.status === 0, seconds, counts: step.report ? readCounts(step.report) : null };
}

/** A step of a `together` group: its output is kept and printed whole once it ends. */
function runQuietly(step) {
  console.log(`\n▶ ${step.title}: ${step.command} (вместе с соседними проверками)`);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(step.command, { shell: true, env: { ...process.env, ...step.env } });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (status) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      resolve({ ok: status === 0, seconds, counts: null, output: Buffer.concat(output) });
    });
  });
}

/** Consecutive steps of one `together` group run at once; the others one by one. */
async function runBatch(batch) {
  if (batch.length === 1) return [run(batch[0])];
  const outcomes = await Promise.all(batch.map(runQuietly));
  batch.forEach((step, index) => {
    console.log(`\n── ${step.title}:`);
    process.stdout.write(outcomes[index].output);
  });
  return outcomes;
}

function batchesOf(list) {
  const batches = [];
  for (const step of list) {
    const last = batches.at(-1);
    if (last && step.together && last[0].together === step.together) last.push(step);
    else batches.push([step]);
  }
  return batches;
}

const wanted = process.argv.slice(2);
const selected = wanted.length ? steps.filter((step) => wanted.includes(step.name)) : steps;
if (wanted.length && selected.length !== wanted.length) {
  console.error(`Неизвестный шаг. Есть: ${steps.map((step) => step.name).join(', ')}`);
  process.exit(2);
}

rmSync(reportsDir, { recursive: true, force: true });
mkdirSync(reportsDir, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const lines = [];
let failedStep = null;
for (const batch of batchesOf(selected)) {
  const outcomes = await runBatch(batch);
  batch.forEach((step, index) => {
    const outcome = outcomes[index];
    const counts = outcome.counts;
    if (counts) for (const key of Object.keys(totals)) totals[key] += counts[key];
    const flakyText = counts?.flaky
      ? ` (${counts.flaky} flaky: passed on the retry, listed above)`
      : '';
    const countText = counts
      ? ` — ${counts.passed} passed, ${counts.failed} failed${flakyText}`
      : '';
    lines.push(`${outcome.ok ? '✔' : '✘'} ${step.title} (${outcome.seconds} s)${countText}`);
    if (!outcome.ok) failedStep ??= step;
  });
  if (failedStep) break;
}

console.log('\nИтог:');
for (const line of lines) console.log(`  ${line}`);
if (failedStep) console.log(`  Остановлено на шаге «${failedStep.title}».`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedStep ? 1 : 0);
