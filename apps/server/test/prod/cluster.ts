import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { connect, createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { serverPackageRoot } from '../../src/paths';

/*
 * A production-like cluster on this machine for the production tests: one PostgreSQL (the one
 * scripts/with-postgres.sh started: DATABASE_URL), server instances started exactly as
 * deploy/systemd/zaymo@.service starts them with deploy/zaymo.env.example, and nginx from Debian's
 * package with deploy/nginx/zaymo.conf in front, terminating TLS with a certificate made here.
 * Free of any test runner: the vitest tests (test/prod) and the browser journey (e2e/prod) use it.
 */

export const repoRoot = path.resolve(serverPackageRoot(), '..', '..');
const deployDir = path.join(repoRoot, 'deploy');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** KEY=VALUE lines of an env file; comments and blank lines skipped. */
export function parseEnvFile(text: string): Record<string, string> {
  const entries = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#') && line.includes('='))
    .map((line): [string, string] => [
      line.slice(0, line.indexOf('=')),
      line.slice(line.indexOf('=') + 1),
    ]);
  return Object.fromEntries(entries);
}

/** The unit's Environment= lines (with %i = the port) and its ExecStart=, relative to the repo. */
export async function systemdUnit(
  port: number,
): Promise<{ env: Record<string, string>; command: string[] }> {
  const text = await readFile(path.join(deployDir, 'systemd', 'zaymo@.service'), 'utf8');
  const values = (key: string) =>
    text
      .split('\n')
      .filter((line) => line.startsWith(`${key}=`))
      .map((line) => line.slice(key.length + 1).replaceAll('%i', String(port)));
  const env = parseEnvFile(values('Environment').join('\n'));
  const [execStart] = values('ExecStart');
  if (!execStart) throw new Error('no ExecStart in the unit');
  const command = execStart
    .split(' ')
    .map((part) =>
      part.replace('/opt/zaymo', repoRoot).replace(/^\/usr\/bin\/node$/, process.execPath),
    );
  return { env, command };
}

/**
 * What the journeys' instances (two-instances.test.ts, e2e/prod) add to the production settings:
 * the sandbox, a short drain, quick scoring, sessions that outlive the sandbox clock's moves, and
 * payments settled on the gateway's answer (its notifications are tested elsewhere).
 */
export const JOURNEY_SETTINGS = {
  SANDBOX: 'true',
  LOG_LEVEL: 'warn',
  SHUTDOWN_DRAIN_MS: '300',
  SCORING_SWEEP_SECONDS: '1',
  SESSION_IDLE_MINUTES: String(365 * 24 * 60),
  SESSION_ABSOLUTE_MINUTES: String(365 * 24 * 60),
  BEST2PAY_SANDBOX_NOTIFY: '0',
} as const;

export interface Instance {
  readonly port: number;
  readonly metricsPort: number;
  readonly process: ChildProcess;
  readonly exited: Promise<number | null>;
  stderr(): string;
}

/** An instance as deploy/systemd/zaymo@.service starts it, with deploy/zaymo.env.example. */
export async function startInstance(settings: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  const metricsPort = await freePort();
  const unit = await systemdUnit(port);
  const template = parseEnvFile(await readFile(path.join(deployDir, 'zaymo.env.example'), 'utf8'));
  return spawnServer(unit.command, port, metricsPort, {
    ...template,
    ...unit.env,
    METRICS_PORT: String(metricsPort),
    ...settings,
  });
}

/** The built server (apps/server/dist/main.js) on a free port, with only these settings. */
export async function startServer(settings: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  const metricsPort = await freePort();
  const main = path.join(repoRoot, 'apps', 'server', 'dist', 'main.js');
  return spawnServer([process.execPath, main], port, metricsPort, {
    PORT: String(port),
    HOST: '127.0.0.1',
    METRICS_PORT: String(metricsPort),
    ...settings,
  });
}

function spawnServer(
  commandLine: string[],
  port: number,
  metricsPort: number,
  env: Record<string, string>,
): Instance {
  const [command, ...args] = commandLine;
  if (!command) throw new Error('empty ExecStart');
  const child = spawn(command, args, {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  return { port, metricsPort, process: child, exited, stderr: () => stderr };
}

/**
 * Asks `holds` every `intervalMs` until it says yes; fails naming `what` after `timeoutMs` (a
 * guard against a hang, generous for a busy machine, not a speed check).
 */
export async function until(
  what: string,
  holds: () => Promise<boolean>,
  { timeoutMs, intervalMs }: { timeoutMs: number; intervalMs: number },
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await holds())) {
    if (Date.now() > deadline) throw new Error(`Не дождались: ${what}`);
    await delay(intervalMs);
  }
}

export async function untilReady(instance: Instance): Promise<void> {
  await until(
    `готовность экземпляра на порту ${instance.port}`,
    async () => {
      if (instance.process.exitCode !== null)
        throw new Error(`instance exited: ${instance.stderr()}`);
      const answer = await fetch(`http://127.0.0.1:${instance.port}/api/health/ready`).catch(
        () => null,
      );
      return answer?.status === 200;
    },
    { timeoutMs: 120_000, intervalMs: 250 },
  );
}

/** SIGTERM, as systemd stops a unit; the exit code once the instance has shut down. */
export function stopInstance(instance: Instance): Promise<number | null> {
  instance.process.kill('SIGTERM');
  return instance.exited;
}

export interface Proxy {
  readonly port: number;
  readonly cert: string;
  readonly accessLog: string;
  readonly process: ChildProcess;
  stop(): Promise<void>;
}

/** A self-signed certificate for 127.0.0.1 and localhost, made by openssl now. */
function makeCertificate(dir: string): { cert: string; key: string } {
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-keyout',
      key,
      '-out',
      cert,
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
    ],
    { stdio: 'ignore' },
  );
  return { cert, key };
}

/** deploy/nginx/zaymo.conf rendered for these instances, inside a minimal nginx.conf of its own. */
export async function startNginx(upstreamPorts: number[], httpsPort: number): Promise<Proxy> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'zaymo-nginx-'));
  const { cert, key } = makeCertificate(dir);
  const accessLog = path.join(dir, 'access.log');
  const site = (await readFile(path.join(deployDir, 'nginx', 'zaymo.conf'), 'utf8'))
    .replaceAll(
      '${ZAYMO_UPSTREAMS}',
      upstreamPorts.map((port) => `server 127.0.0.1:${port};`).join(' '),
    )
    .replaceAll('${ZAYMO_SERVER_NAME}', 'localhost')
    .replaceAll('${ZAYMO_HTTPS_PORT}', String(httpsPort))
    .replaceAll('${ZAYMO_CERT}', cert)
    .replaceAll('${ZAYMO_CERT_KEY}', key)
    .replaceAll('${ZAYMO_WEB_DIST}', path.join(repoRoot, 'apps', 'web', 'dist'))
    .replaceAll('${ZAYMO_CRM_DIST}', path.join(repoRoot, 'apps', 'crm', 'dist'))
    .replace('listen 80;', `listen 127.0.0.1:${await freePort()};`)
    .replace('/var/log/nginx/zaymo.access.log', accessLog);
  const unfilled = site
    .split('\n')
    .filter((line) => !line.trim().startsWith('#') && line.includes('${ZAYMO_'));
  if (unfilled.length > 0) throw new Error(`unfilled placeholders: ${unfilled.join('\n')}`);
  await writeFile(path.join(dir, 'zaymo.conf'), site);
  const runAsRoot = process.getuid?.() === 0 ? 'user root;' : '';
  await writeFile(
    path.join(dir, 'nginx.conf'),
    `${runAsRoot}
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 512; }
http {
  include /etc/nginx/mime.types;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi; uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  include ${dir}/zaymo.conf;
}
`,
  );
  const child = spawn(
    nginxBinary(),
    ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await untilListening(httpsPort, child);
  return {
    port: httpsPort,
    cert: await readFile(cert, 'utf8'),
    accessLog,
    process: child,
    stop: async () => {
      child.kill('SIGQUIT');
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Each request nginx logged, in order: its answer's status and the upstream(s) that gave it. */
export async function requestsServed(
  proxy: Proxy,
): Promise<{ request: string; status: number; upstream: string }[]> {
  const text = await readFile(proxy.accessLog, 'utf8').catch(() => '');
  return [...text.matchAll(/"([^"]*)" (\d{3}) \d+ upstream=(.+?) rt=/g)].map((match) => ({
    request: match[1] ?? '',
    status: Number(match[2]),
    upstream: match[3] ?? '',
  }));
}

/** The upstream that answered each request, in order, from nginx's access log. */
export async function upstreamsServed(proxy: Proxy): Promise<string[]> {
  return (await requestsServed(proxy))
    .map((entry) => entry.upstream.split(', ').at(-1) ?? '')
    .filter((u) => u !== '-');
}

export function nginxBinary(): string {
  return execFileSync('sh', ['-c', 'command -v nginx || ls /usr/sbin/nginx']).toString().trim();
}

async function untilListening(port: number, child: ChildProcess): Promise<void> {
  const accepts = () =>
    new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
  await until(
    `nginx на порту ${port}`,
    async () => {
      if (child.exitCode !== null) throw new Error('nginx exited');
      return accepts();
    },
    { timeoutMs: 30_000, intervalMs: 100 },
  );
}
