import { execFileSync, spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { chmod, chown, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort, parseEnvFile, repoRoot, until } from '../prod/cluster';

/*
 * A PostgreSQL cluster with automatic failover on this machine, made from deploy/ exactly as
 * docs/failover.md makes it on three servers: etcd (Debian's etcd-server) with
 * deploy/etcd/etcd.env.example, three Patroni nodes (Debian's patroni) with
 * deploy/patroni/config.yml and deploy/patroni/patroni.env.example, and HAProxy (Debian's
 * haproxy) with deploy/haproxy/haproxy.cfg and its env file in front. Only addresses, ports,
 * folders and passwords differ (all on 127.0.0.1). Free of any test runner.
 */

const deployDir = path.join(repoRoot, 'deploy');
const SUPERUSER_PASSWORD = 'failover-test-superuser';
const APP_ROLE = 'zaymo';
const APP_PASSWORD = 'failover-test-zaymo';

/** What a test needs to know of a node (plain data: vitest hands it from the global setup). */
export interface PatroniNode {
  readonly name: string;
  readonly pgPort: number;
  readonly restPort: number;
  readonly dataDir: string;
}

export interface ClusterMember {
  name: string;
  role: 'leader' | 'replica' | 'sync_standby' | 'standby_leader';
  state: string;
  timeline?: number;
}

export interface PatroniCluster {
  readonly nodes: readonly PatroniNode[];
  /** HAProxy: the primary, whichever node it is (DATABASE_URL). */
  readonly primaryPort: number;
  /** HAProxy: a standby no more than 16 MB behind, else the primary (DATABASE_REPLICA_URL). */
  readonly replicaPort: number;
  /** Every process's log file. */
  readonly logFiles: readonly string[];
}

export interface RunningCluster {
  readonly cluster: PatroniCluster;
  stop(): Promise<void>;
}

export interface ClusterPorts {
  /** Three consecutive PostgreSQL ports from here. */
  readonly pg: number;
  /** Three consecutive Patroni REST ports from here. */
  readonly rest: number;
  /** etcd's client port; its peer port is ten above. */
  readonly etcd: number;
}

/** The ports of docs/failover.md's test cluster, or those of FAILOVER_*_PORT. */
export function clusterPorts(env: Record<string, string | undefined> = process.env): ClusterPorts {
  return {
    pg: Number(env.FAILOVER_PG_PORT ?? 55481),
    rest: Number(env.FAILOVER_REST_PORT ?? 28008),
    etcd: Number(env.FAILOVER_ETCD_PORT ?? 23790),
  };
}

const NODE_NAMES = ['db1', 'db2', 'db3'] as const;

/** PostgreSQL refuses to run as root: as root, Patroni (and so PostgreSQL) runs as postgres. */
function postgresUser(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  return { uid, gid };
}

function postgresBinDir(): string {
  const found = execFileSync('sh', ['-c', 'ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1']);
  return found.toString().trim();
}

interface Started {
  readonly process: ChildProcess;
  readonly log: string;
}

function startProcess(
  command: string,
  args: string[],
  env: Record<string, string>,
  log: string,
  options: Pick<SpawnOptions, 'uid' | 'gid'> = {},
): Started {
  const out = openSync(log, 'a');
  const child = spawn(command, args, {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', out, out],
    ...options,
  });
  closeSync(out);
  return { process: child, log };
}

/** deploy/patroni/config.yml with the test's network and socket folder. */
async function patroniConfig(dir: string): Promise<string> {
  const text = await readFile(path.join(deployDir, 'patroni', 'config.yml'), 'utf8');
  const rendered = text
    .replaceAll('10.0.0.0/24', '127.0.0.1/32')
    .replace('unix_socket_directories: /var/run/postgresql', `unix_socket_directories: ${dir}`);
  const file = path.join(dir, 'patroni.yml');
  await writeFile(file, rendered);
  return file;
}

/** deploy/haproxy/haproxy.cfg, without the chroot and user switch when not run as root. */
async function haproxyConfig(dir: string): Promise<string> {
  const text = await readFile(path.join(deployDir, 'haproxy', 'haproxy.cfg'), 'utf8');
  const rendered =
    process.getuid?.() === 0
      ? text
      : text
          .split('\n')
          .filter((line) => !/^\s*(chroot|user|group)\s/.test(line))
          .join('\n');
  const file = path.join(dir, 'haproxy.cfg');
  await writeFile(file, rendered);
  return file;
}

async function envFile(...parts: string[]): Promise<Record<string, string>> {
  return parseEnvFile(await readFile(path.join(deployDir, ...parts), 'utf8'));
}

/**
 * Starts etcd, three Patroni nodes and HAProxy; resolves once there is a primary and a
 * synchronous standby, with the servers' role made.
 */
export async function startPatroniCluster(ports: ClusterPorts): Promise<RunningCluster> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'zaymo-patroni-'));
  const owner = postgresUser();
  if (owner) await chown(dir, owner.uid, owner.gid);
  const processes: Started[] = [];
  const stop = async () => {
    for (const started of processes.reverse()) await stopProcess(started.process);
    await rm(dir, { recursive: true, force: true });
  };
  try {
    processes.push(await startEtcd(dir, ports));
    const config = await patroniConfig(dir);
    const nodes: PatroniNode[] = [];
    for (const [index, name] of NODE_NAMES.entries()) {
      const { node, started } = await startNode(dir, config, name, ports, index, owner);
      processes.push(started);
      nodes.push(node);
    }
    const primaryPort = await freePort();
    const replicaPort = await freePort();
    processes.push(await startHaproxy(dir, nodes, primaryPort, replicaPort));
    const logFiles = processes.map((started) => started.log);
    const cluster: PatroniCluster = { nodes, primaryPort, replicaPort, logFiles };
    await untilHealthy(cluster);
    await adminStatements(cluster, [
      `CREATE ROLE ${APP_ROLE} LOGIN CREATEDB PASSWORD '${APP_PASSWORD}'`,
    ]);
    return { cluster, stop };
  } catch (error) {
    const logs = await Promise.all(processes.map((started) => tail(started.log)));
    await stop();
    throw new Error(`Кластер Patroni не запустился: ${String(error)}\n${logs.join('\n')}`);
  }
}

async function startEtcd(dir: string, ports: ClusterPorts): Promise<Started> {
  const peer = `http://127.0.0.1:${ports.etcd + 10}`;
  const client = `http://127.0.0.1:${ports.etcd}`;
  const env = {
    ...(await envFile('etcd', 'etcd.env.example')),
    ETCD_NAME: 'db1',
    ETCD_DATA_DIR: path.join(dir, 'etcd'),
    ETCD_LISTEN_PEER_URLS: peer,
    ETCD_LISTEN_CLIENT_URLS: client,
    ETCD_INITIAL_ADVERTISE_PEER_URLS: peer,
    ETCD_ADVERTISE_CLIENT_URLS: client,
    ETCD_INITIAL_CLUSTER: `db1=${peer}`,
  };
  return startProcess('etcd', [], env, path.join(dir, 'etcd.log'));
}

async function startNode(
  dir: string,
  config: string,
  name: string,
  ports: ClusterPorts,
  index: number,
  owner: { uid: number; gid: number } | null,
): Promise<{ node: PatroniNode; started: Started }> {
  const nodeDir = path.join(dir, name);
  await mkdir(nodeDir);
  await chmod(nodeDir, 0o700);
  if (owner) await chown(nodeDir, owner.uid, owner.gid);
  const pgPort = ports.pg + index;
  const restPort = ports.rest + index;
  const dataDir = path.join(nodeDir, 'data');
  const env = {
    ...(await envFile('patroni', 'patroni.env.example')),
    PATRONI_NAME: name,
    PATRONI_RESTAPI_LISTEN: `127.0.0.1:${restPort}`,
    PATRONI_RESTAPI_CONNECT_ADDRESS: `127.0.0.1:${restPort}`,
    PATRONI_POSTGRESQL_LISTEN: `127.0.0.1:${pgPort}`,
    PATRONI_POSTGRESQL_CONNECT_ADDRESS: `127.0.0.1:${pgPort}`,
    PATRONI_POSTGRESQL_DATA_DIR: dataDir,
    PATRONI_POSTGRESQL_PGPASS: path.join(nodeDir, 'pgpass'),
    PATRONI_POSTGRESQL_BIN_DIR: postgresBinDir(),
    PATRONI_ETCD3_HOSTS: `127.0.0.1:${ports.etcd}`,
    PATRONI_SUPERUSER_PASSWORD: SUPERUSER_PASSWORD,
    PATRONI_REPLICATION_PASSWORD: 'failover-test-replication',
    PATRONI_REWIND_PASSWORD: 'failover-test-rewind',
    PATRONI_LOG_LEVEL: 'WARNING',
  };
  const log = path.join(dir, `${name}.log`);
  const started = startProcess('patroni', [config], env, log, owner ?? {});
  return { node: { name, pgPort, restPort, dataDir }, started };
}

async function startHaproxy(
  dir: string,
  nodes: readonly PatroniNode[],
  primaryPort: number,
  replicaPort: number,
): Promise<Started> {
  const env: Record<string, string> = {
    ...(await envFile('haproxy', 'haproxy.env.example')),
    ZAYMO_HAPROXY_ADDRESS: '127.0.0.1',
    ZAYMO_PRIMARY_PORT: String(primaryPort),
    ZAYMO_REPLICA_PORT: String(replicaPort),
  };
  for (const [index, node] of nodes.entries()) {
    env[`ZAYMO_DB${index + 1}_HOST`] = '127.0.0.1';
    env[`ZAYMO_DB${index + 1}_PORT`] = String(node.pgPort);
    env[`ZAYMO_DB${index + 1}_PATRONI_PORT`] = String(node.restPort);
  }
  const config = await haproxyConfig(dir);
  return startProcess('haproxy', ['-f', config, '-db'], env, path.join(dir, 'haproxy.log'));
}

/** The superuser through a port (HAProxy's or a node's own). */
export function superuserUrl(port: number, database = 'postgres'): string {
  return `postgres://postgres:${SUPERUSER_PASSWORD}@127.0.0.1:${port}/${database}`;
}

/** Patroni's view of the cluster, from any node that answers. */
export async function clusterMembers(cluster: PatroniCluster): Promise<ClusterMember[]> {
  for (const node of cluster.nodes) {
    const answer = await fetch(`http://127.0.0.1:${node.restPort}/cluster`, {
      signal: AbortSignal.timeout(2_000),
    }).catch(() => null);
    if (answer?.ok) return ((await answer.json()) as { members: ClusterMember[] }).members;
  }
  return [];
}

/** The last lines of every process's log, for a failure message. */
export async function clusterLogs(cluster: PatroniCluster): Promise<string> {
  return (await Promise.all(cluster.logFiles.map((file) => tail(file)))).join('\n');
}

/** The node Patroni calls the leader now, if any. */
export async function leaderOf(cluster: PatroniCluster): Promise<PatroniNode | null> {
  const leader = (await clusterMembers(cluster)).find((member) => member.role === 'leader');
  return cluster.nodes.find((node) => node.name === leader?.name) ?? null;
}

/** A running leader, a running synchronous standby, every node running, HAProxy on the leader. */
export async function untilHealthy(cluster: PatroniCluster): Promise<void> {
  await until(
    'кластер Patroni: основной сервер и синхронная реплика',
    async () => {
      const members = await clusterMembers(cluster);
      const running = members.filter(
        (member) => member.state === 'running' || member.state === 'streaming',
      );
      const roles = new Set(running.map((member) => member.role));
      if (
        running.length < cluster.nodes.length ||
        !roles.has('leader') ||
        !roles.has('sync_standby')
      )
        return false;
      return (await writable(superuserUrl(cluster.primaryPort))) !== null;
    },
    { timeoutMs: 180_000, intervalMs: 500 },
  );
}

/**
 * One write through `url`, committed as every write is (synchronously replicated): its
 * transaction id, or null when no primary took it.
 */
export async function writable(url: string): Promise<number | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    const { rows } = await client.query<{ xid: string }>('select txid_current()::text as xid');
    return Number(rows[0]?.xid);
  } catch {
    return null;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function adminStatements(
  cluster: PatroniCluster,
  statements: string[],
): Promise<void> {
  const client = new pg.Client({ connectionString: superuserUrl(cluster.primaryPort) });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A new database owned by the app's role: its primary and replica addresses through HAProxy. */
export async function appDatabase(
  cluster: PatroniCluster,
  name: string,
): Promise<{ primaryUrl: string; replicaUrl: string }> {
  await adminStatements(cluster, [`CREATE DATABASE ${name} OWNER ${APP_ROLE}`]);
  const url = (port: number) => `postgres://${APP_ROLE}:${APP_PASSWORD}@127.0.0.1:${port}/${name}`;
  return { primaryUrl: url(cluster.primaryPort), replicaUrl: url(cluster.replicaPort) };
}

/** The postmaster's process id, from the first line of its data folder's postmaster.pid. */
export async function postmasterPid(node: PatroniNode): Promise<number> {
  const text = await readFile(path.join(node.dataDir, 'postmaster.pid'), 'utf8');
  const pid = Number(text.split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0) throw new Error(`no postmaster pid for ${node.name}`);
  return pid;
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  await exited;
  clearTimeout(timer);
}

async function tail(file: string, lines = 30): Promise<string> {
  const text = await readFile(file, 'utf8').catch(() => '');
  return `--- ${path.basename(file)}\n${text.split('\n').slice(-lines).join('\n')}`;
}
