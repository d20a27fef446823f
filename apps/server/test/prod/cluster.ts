import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { connect, createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { serverPackageRoot } from '../../src/paths';

/*
 * A production-like cluster on this machine, set up by the steps of docs/production.md: one
 * PostgreSQL (the one scripts/with-postgres.sh started: DATABASE_URL), the settings file of step 4
 * given to the zaymo user, the migration command of step 5, server instances started as
 * deploy/systemd/zaymo@.service says (step 6), and nginx from Debian's package with
 * deploy/nginx/zaymo.conf rendered by the envsubst command of step 7, terminating TLS with a
 * certificate made here. What CI cannot do as written (no systemd, no internet, a shared machine)
 * is listed in docs/production.md, «What CI proves». Free of any test runner: the vitest tests
 * (test/prod) and the browser journey (e2e/prod) use it.
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

/** KEY=VALUE lines of an env file, as systemd reads them; comments and blank lines skipped. */
export function parseEnvFile(text: string): Record<string, string> {
  const entries = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#') && line.includes('='))
    .map((line): [string, string] => [
      line.slice(0, line.indexOf('=')),
      unquoted(line.slice(line.indexOf('=') + 1)),
    ]);
  return Object.fromEntries(entries);
}

function unquoted(value: string): string {
  return /^"(.*)"$/.exec(value)?.[1] ?? value;
}

/** What systemd takes from the unit, with %i = the port and /opt/zaymo = this checkout. */
export interface SystemdUnit {
  readonly user: string;
  readonly workingDirectory: string;
  readonly env: Record<string, string>;
  readonly command: string[];
}

export async function systemdUnit(port: number): Promise<SystemdUnit> {
  const text = await readFile(path.join(deployDir, 'systemd', 'zaymo@.service'), 'utf8');
  const values = (key: string) =>
    text
      .split('\n')
      .filter((line) => line.startsWith(`${key}=`))
      .map((line) =>
        line
          .slice(key.length + 1)
          .replaceAll('%i', String(port))
          .replaceAll(OPT_ZAYMO, repoRoot),
      );
  const [execStart] = values('ExecStart');
  const [user] = values('User');
  const [workingDirectory] = values('WorkingDirectory');
  if (!execStart || !user || !workingDirectory) throw new Error('the unit lacks a line');
  const command = execStart.split(' ');
  requireDocumentedNode(command[0] ?? '');
  return { user, workingDirectory, env: parseEnvFile(values('Environment').join('\n')), command };
}

const OPT_ZAYMO = '/opt/zaymo';

/** Step 1 puts Node.js 20.19+ where the unit runs it; CI's machine has it there. */
function requireDocumentedNode(binary: string): void {
  const version = existsSync(binary) ? execFileSync(binary, ['--version']).toString().trim() : '';
  const [major = 0, minor = 0] = version.replace(/^v/, '').split('.').map(Number);
  if (major > 20 || (major === 20 && minor >= 19)) return;
  throw new Error(
    `Unit запускает ${binary}, а там ${version || 'нет Node.js'}: нужен Node.js 20.19+ ` +
      '(docs/production.md, шаг 1)',
  );
}

/** The service's user of step 1 (`zaymo`), when the tests run as root as CI does. */
function serviceUser(name: string): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const id = (flag: string) => Number(execFileSync('id', [flag, name]).toString().trim());
  return { uid: id('-u'), gid: id('-g') };
}

/** The settings file of step 4 and the data folder it names. */
export interface SettingsFile {
  readonly path: string;
  remove(): Promise<void>;
}

/**
 * Step 4: deploy/zaymo.env.example with these values filled in (those it has no line for added at
 * the end, as an operator adds lines), installed 640 root:zaymo; DATA_DIR made, owned by zaymo.
 */
export async function installSettings(values: Record<string, string>): Promise<SettingsFile> {
  const example = await readFile(path.join(deployDir, 'zaymo.env.example'), 'utf8');
  const left = new Map(Object.entries(values));
  const filled = example.split('\n').map((line) => {
    const name = line.slice(0, line.indexOf('='));
    const value = left.get(name);
    if (line.startsWith('#') || value === undefined) return line;
    left.delete(name);
    return `${name}=${value}`;
  });
  const added = [...left].map(([name, value]) => `${name}=${value}`);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'zaymo-etc-'));
  await chmod(dir, 0o755);
  const file = path.join(dir, 'zaymo.env');
  await writeFile(file, [...filled, ...added, ''].join('\n'), { mode: 0o640 });
  const user = serviceUser('zaymo');
  if (user) await chown(file, 0, user.gid);
  const dataDir = values.DATA_DIR;
  if (dataDir) {
    await mkdir(dataDir, { recursive: true, mode: 0o750 });
    if (user) await chown(dataDir, user.uid, user.gid);
  }
  return {
    path: file,
    remove: async () => {
      await rm(dir, { recursive: true, force: true });
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A command of docs/production.md as written: the first line of its code blocks containing
 * `marker`, with the settings file and /opt/zaymo replaced by this run's. Run as root (CI), the
 * page's `runuser -u zaymo --` stays; otherwise it is dropped (no other user to become).
 */
export async function documentedCommand(marker: string, settings?: SettingsFile): Promise<string> {
  const page = await readFile(path.join(repoRoot, 'docs', 'production.md'), 'utf8');
  const codeLines = page.split(/^```.*$/m).filter((_, index) => index % 2 === 1);
  const line = codeLines
    .flatMap((block) => block.split('\n'))
    .find((text) => text.includes(marker));
  if (!line) throw new Error(`docs/production.md has no command with ${marker}`);
  let command = line.replaceAll(`cd ${OPT_ZAYMO} && `, '').replaceAll(OPT_ZAYMO, repoRoot);
  if (settings) command = command.replaceAll('/etc/zaymo/zaymo.env', settings.path);
  if (process.getuid?.() !== 0) command = command.replace(/runuser -u \S+ -- /, '');
  return command;
}

/** Runs a documented command with sh in the checkout (for /opt/zaymo): its exit code and output. */
export function runDocumented(
  command: string,
  env: Record<string, string> = {},
): Promise<{ code: number | null; output: string; stdout: string }> {
  const child = spawn('sh', ['-c', command], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    stdout += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output, stdout })));
}

/** Step 5, the migration command of the page, as the zaymo user. */
export async function migrateAsDocumented(settings: SettingsFile): Promise<void> {
  const run = await runDocumented(await documentedCommand('apps/server/dist/migrate.js', settings));
  if (run.code !== 0) throw new Error(`migration failed: ${run.output}`);
}

/**
 * The journeys' settings (two-instances.test.ts, e2e/prod) besides the page's three: a staging
 * server's sandbox, a short drain, quick scoring, sessions that outlive the sandbox clock's moves,
 * and payments settled on the gateway's answer (its notifications are tested elsewhere).
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
  /** Everything it wrote, stdout and stderr. */
  output(): string;
}

/**
 * Step 6: an instance as systemd starts deploy/systemd/zaymo@.service — as its User=, in its
 * WorkingDirectory=, with its Environment= lines overridden by the EnvironmentFile= (systemd's
 * order), the drop-in's METRICS_PORT, and its ExecStart=.
 */
export async function startInstance(
  settings: SettingsFile,
  dropIn: Record<string, string> = {},
): Promise<Instance> {
  const port = await freePort();
  const metricsPort = await freePort();
  const unit = await systemdUnit(port);
  const file = parseEnvFile(await readFile(settings.path, 'utf8'));
  const env = { ...unit.env, METRICS_PORT: String(metricsPort), ...dropIn, ...file };
  return spawnServer(unit.command, port, metricsPort, env, {
    cwd: unit.workingDirectory,
    user: serviceUser(unit.user),
  });
}

/** The built server (apps/server/dist/main.js) on a free port, with only these settings. */
export async function startServer(settings: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  const metricsPort = await freePort();
  const main = path.join(repoRoot, 'apps', 'server', 'dist', 'main.js');
  const env = {
    PORT: String(port),
    HOST: '127.0.0.1',
    METRICS_PORT: String(metricsPort),
    ...settings,
  };
  return spawnServer([process.execPath, main], port, metricsPort, env, {
    cwd: repoRoot,
    user: null,
  });
}

function spawnServer(
  commandLine: string[],
  port: number,
  metricsPort: number,
  env: Record<string, string>,
  as: { cwd: string; user: { uid: number; gid: number } | null },
): Instance {
  const [command, ...args] = commandLine;
  if (!command) throw new Error('empty ExecStart');
  const child = spawn(command, args, {
    cwd: as.cwd,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(as.user ?? {}),
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  return { port, metricsPort, process: child, exited, output: () => output };
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
        throw new Error(`instance exited: ${instance.output()}`);
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

/**
 * Step 7: deploy/nginx/zaymo.conf rendered for these instances by the page's envsubst command,
 * inside a minimal nginx.conf of its own (not Debian's, which a shared machine keeps).
 */
export async function startNginx(upstreamPorts: number[], httpsPort: number): Promise<Proxy> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'zaymo-nginx-'));
  const { cert, key } = makeCertificate(dir);
  const accessLog = path.join(dir, 'access.log');
  const rendered = path.join(dir, 'rendered.conf');
  const render = await runDocumented(
    (await documentedCommand("envsubst '")).replace('/etc/nginx/conf.d/zaymo.conf', rendered),
    {
      ZAYMO_UPSTREAMS: upstreamPorts.map((port) => `server 127.0.0.1:${port};`).join(' '),
      ZAYMO_SERVER_NAME: 'localhost',
      ZAYMO_HTTPS_PORT: String(httpsPort),
      ZAYMO_CERT: cert,
      ZAYMO_CERT_KEY: key,
      ZAYMO_WEB_DIST: path.join(repoRoot, 'apps', 'web', 'dist'),
      ZAYMO_CRM_DIST: path.join(repoRoot, 'apps', 'crm', 'dist'),
    },
  );
  if (render.code !== 0) throw new Error(`envsubst failed: ${render.output}`);
  // Not Debian's port 80 and /var/log/nginx on a shared machine: a free port, a log of its own.
  const site = (await readFile(rendered, 'utf8'))
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
