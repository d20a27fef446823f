// Child processes of the bench: the app's server and the bare Fastify, waited for and measured.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { clearTimeout } from 'node:timers';
import path from 'node:path';

export const serverEntry = path.resolve('apps/server/dist/main.js');
const helloEntry = path.resolve('scripts/bench/hello-world.mjs');

/** A secret for the production-mode server of the bench; protects nothing. */
const BENCH_SECRET = 'bench-secret-not-for-any-real-use-0000000000';

async function waitUntilAnswers(child, url, started) {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`процесс завершился с кодом ${child.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return Date.now() - started;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A process left on the port would be measured instead of ours: refuse to go on. */
async function assertPortFree(url) {
  const answered = await fetch(url).then(
    () => true,
    () => false,
  );
  if (answered) throw new Error(`порт занят другим процессом: ${url}`);
}

export function residentMegabytes(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

/**
 * The built server on `port`: on PGlite in `dataDir` when `databaseUrl` is null, else on that
 * PostgreSQL. Production mode (no sandbox), warnings only in the log. `nodeArgs` go before the
 * entry (`--cpu-prof` for scripts/bench/profile.mjs), which may be another build's main.js;
 * `env` adds settings (docs/configuration.md); `nice` runs it at that niceness (systemd's `Nice=`).
 */
export async function startAppServer({
  port,
  dataDir,
  databaseUrl,
  nodeArgs = [],
  entry = serverEntry,
  env: settings = {},
  nice = 0,
}) {
  const env = {
    ...process.env,
    // Production mode needs PostgreSQL (DATABASE_URL) and refuses to start without a real credit
    // bureau, so the PostgreSQL run is a staging server (production mode, the sandbox bureau and
    // gateway); the PGlite run is the same code without the sandbox.
    NODE_ENV: databaseUrl ? 'production' : 'development',
    SANDBOX: databaseUrl ? 'true' : '0',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    APP_SECRET: BENCH_SECRET,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'error',
    ...settings,
  };
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  await assertPortFree(`http://127.0.0.1:${port}/api/health`);
  const started = Date.now();
  const command = [process.execPath, ...nodeArgs, entry];
  const niced = nice ? ['nice', '-n', String(nice), ...command] : command;
  const child = spawn(niced[0], niced.slice(1), {
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const startMs = await waitUntilAnswers(child, `http://127.0.0.1:${port}/api/health`, started);
  return { child, startMs, origin: `http://127.0.0.1:${port}` };
}

/**
 * Runs this script again inside a throwaway PostgreSQL (scripts/with-postgres.sh on
 * BENCH_PG_PORT, 55499 by default) and exits with its status.
 */
export function rerunInsidePostgres() {
  const result = spawnSync(
    'bash',
    ['scripts/with-postgres.sh', process.execPath, ...process.argv.slice(1)],
    {
      stdio: 'inherit',
      env: { ...process.env, PGTEST_PORT: process.env.BENCH_PG_PORT ?? '55499' },
    },
  );
  process.exit(result.status ?? 1);
}

export async function startHelloWorld(port) {
  await assertPortFree(`http://127.0.0.1:${port}/`);
  const child = spawn(process.execPath, [helloEntry], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitUntilAnswers(child, `http://127.0.0.1:${port}/`, Date.now());
  return { child, origin: `http://127.0.0.1:${port}` };
}

/** How long a server may finish what it is doing once asked to stop. */
const STOP_GRACE_MS = 30_000;
const FORCED_STOP_MS = 5_000;

function exitWithin(child, milliseconds) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), milliseconds);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/**
 * SIGTERM: the server finishes its requests and its job run, then exits. A day's run at a million
 * loans may take far longer than the grace, so then a second SIGTERM (the server quits at once;
 * PostgreSQL rolls back what it left open), and SIGKILL if even that is not heard.
 */
export async function stop(child, graceMs = STOP_GRACE_MS) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  if (await exitWithin(child, graceMs)) return;
  console.error(`сервер ${child.pid} не остановился за ${graceMs / 1000} с: останавливаю сразу`);
  child.kill('SIGTERM');
  if (await exitWithin(child, FORCED_STOP_MS)) return;
  child.kill('SIGKILL');
  await exitWithin(child, FORCED_STOP_MS);
}
