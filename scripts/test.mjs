// The README's test command: every check the project has, in order, failing fast.
// `npm test` runs them all; `npm test -- unit api` runs only the named steps.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync, rmSync } from 'node:fs';
import path from 'node:path';

const reportsDir = path.resolve('e2e/.artifacts/reports');

const steps = [
  { name: 'system-deps', title: 'Системные пакеты', command: 'bash scripts/ensure-system-deps.sh' },
  { name: 'typecheck', title: 'Типы (tsc)', command: 'npm run -s typecheck' },
  { name: 'lint', title: 'Линтер (eslint)', command: 'npm run -s lint' },
  { name: 'format', title: 'Форматирование (prettier)', command: 'npm run -s format:check' },
  {
    name: 'unit',
    title: 'Модульные тесты',
    command: `npx vitest run --project contract --project server-unit --project web ${vitestReport('unit')}`,
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
    command: 'node scripts/scan-card-numbers.mjs',
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
  return { passed: stats.expected + stats.flaky, failed: stats.unexpected, skipped: stats.skipped };
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
for (const step of selected) {
  const outcome = run(step);
  const counts = outcome.counts;
  if (counts) for (const key of Object.keys(totals)) totals[key] += counts[key];
  const countText = counts ? ` — ${counts.passed} passed, ${counts.failed} failed` : '';
  lines.push(`${outcome.ok ? '✔' : '✘'} ${step.title} (${outcome.seconds} s)${countText}`);
  if (!outcome.ok) {
    failedStep = step;
    break;
  }
}

console.log('\nИтог:');
for (const line of lines) console.log(`  ${line}`);
if (failedStep) console.log(`  Остановлено на шаге «${failedStep.title}».`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedStep ? 1 : 0);
