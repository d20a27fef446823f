// Where the server's CPU goes per request: `GET /api/health` against the signed-in
// `GET /api/clients`, in one run of the built server on a throwaway PostgreSQL.
// Usage: `npm run build && node scripts/bench/profile.mjs`. The server runs under `node
// --cpu-prof`; the two routes are loaded in turn (autocannon, 10 connections), each round's
// window is cut out of the profile by time, and the samples are summed per package (self time and
// inclusive time) and per function of our bundle, divided by the requests of that route. Beside
// it the CPU time per request of the server and of PostgreSQL from /proc, which a busy machine
// disturbs less than req/s. Environment: PROFILE_SECONDS (5, per run), PROFILE_ROUNDS (3),
// PROFILE_CONNECTIONS (10), PROFILE_KEEP (a folder to keep the .cpuprofile in), PROFILE_BASELINE
// (another build's main.js, e.g. a copy of dist/ before a change: both servers run on the same
// PostgreSQL and are loaded in alternation, so a busy machine disturbs both alike), BENCH_PORT
// (3200), BENCH_PG_PORT (55499).
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { load, seedClients, seededToken } from './load.mjs';
import { processCpuMs } from './machine.mjs';
import { clusterCpuMs, packageOf, postmasterPid } from './cpu-profile.mjs';
import { rerunInsidePostgres, serverEntry, startAppServer, stop } from './servers.mjs';

const settings = {
  seconds: Number(process.env.PROFILE_SECONDS ?? 5),
  rounds: Number(process.env.PROFILE_ROUNDS ?? 3),
  connections: Number(process.env.PROFILE_CONNECTIONS ?? 10),
  port: Number(process.env.BENCH_PORT ?? 3200),
  keep: process.env.PROFILE_KEEP ?? null,
  baseline: process.env.PROFILE_BASELINE ?? null,
};
const CLIENTS = 10_000;

if (!process.env.DATABASE_URL) {
  rerunInsidePostgres();
}

const databaseUrl = process.env.DATABASE_URL;
const workDir = mkdtempSync(path.join(tmpdir(), 'zaymo-profile-'));
try {
  await main();
} finally {
  rmSync(workDir, { recursive: true, force: true });
}

/** The build (and PROFILE_BASELINE's, when given), each under --cpu-prof, loaded in turns. */
async function main() {
  const builds = [{ label: 'this build', entry: serverEntry }];
  if (settings.baseline) builds.push({ label: settings.baseline, entry: settings.baseline });
  for (const [index, build] of builds.entries()) {
    build.profileDir = path.join(workDir, `profile-${index}`);
    build.server = await startAppServer({
      port: settings.port + 1 + index,
      dataDir: path.join(workDir, `data-${index}`),
      databaseUrl,
      entry: build.entry,
      nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${build.profileDir}`, '--cpu-prof-interval=250'],
    });
    build.routes = {
      health: { url: `${build.server.origin}/api/health`, tokens: [] },
      clients: { url: `${build.server.origin}/api/clients`, tokens: [seededToken(1)] },
    };
    build.windows = [];
    build.cpu = { health: emptyCpu(), clients: emptyCpu() };
  }
  // After the first server has migrated the database.
  await seedClients(databaseUrl, 1, CLIENTS);
  const postmaster = await postmasterPid(databaseUrl);
  try {
    for (const build of builds) {
      for (const route of Object.values(build.routes)) await run(route, 2);
    }
    for (let round = 0; round < settings.rounds; round++) {
      for (const build of builds) await measureRound(build, postmaster);
    }
  } finally {
    for (const build of builds) await stop(build.server.child);
  }
  for (const build of builds) {
    const [file] = readdirSync(build.profileDir).filter((name) => name.endsWith('.cpuprofile'));
    if (!file) throw new Error('профиль не записан');
    if (settings.keep) cpSync(path.join(build.profileDir, file), path.join(settings.keep, file));
    const profile = JSON.parse(readFileSync(path.join(build.profileDir, file), 'utf8'));
    console.log(`\n===== ${build.label}${settings.keep ? ` (${file})` : ''}`);
    report(build.cpu, summarize(profile, build.windows));
  }
}

async function measureRound(build, postmaster) {
  for (const [name, route] of Object.entries(build.routes)) {
    const pid = build.server.child.pid;
    const before = { at: nowMicros(), app: processCpuMs(pid), db: clusterCpuMs(postmaster) };
    const result = await run(route, settings.seconds);
    const after = { at: nowMicros(), app: processCpuMs(pid), db: clusterCpuMs(postmaster) };
    build.windows.push({ name, from: before.at, to: after.at, requests: result.requests });
    const cpu = build.cpu[name];
    cpu.requests += result.requests;
    cpu.appMs += after.app - before.app;
    cpu.dbMs += after.db - before.db;
    cpu.rps.push(result.rps);
  }
}

function run(route, seconds) {
  return load({ url: route.url, connections: settings.connections, seconds, tokens: route.tokens });
}

function emptyCpu() {
  return { requests: 0, appMs: 0, dbMs: 0, rps: [] };
}

/** CLOCK_MONOTONIC in µs, the clock of V8's profile timestamps on Linux. */
function nowMicros() {
  return Number(process.hrtime.bigint() / 1000n);
}

function summarize(profile, windows) {
  const parents = new Map();
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  for (const node of profile.nodes) {
    for (const child of node.children ?? []) parents.set(child, node.id);
  }
  const stats = new Map(windows.map((window) => [window.name, newStats()]));
  for (const window of windows) stats.get(window.name).requests += window.requests;
  let at = profile.startTime;
  let outside = 0;
  for (let index = 0; index < profile.samples.length; index++) {
    at += profile.timeDeltas[index];
    const duration = profile.timeDeltas[index + 1] ?? 0;
    const window = windows.find((candidate) => at >= candidate.from && at < candidate.to);
    const node = nodes.get(profile.samples[index]);
    const idle = node.callFrame.functionName === '(idle)';
    if (!window) {
      if (!idle) outside += duration;
      continue;
    }
    const route = stats.get(window.name);
    if (idle) {
      route.idle += duration;
      continue;
    }
    route.busy += duration;
    add(route.self, packageOf(node.callFrame), duration);
    add(
      route.selfFunctions,
      `${packageOf(node.callFrame)} ${node.callFrame.functionName || '(anonymous)'}`,
      duration,
    );
    const seenPackages = new Set();
    const seenFunctions = new Set();
    for (let id = node.id; id !== undefined; id = parents.get(id)) {
      const frame = nodes.get(id).callFrame;
      const owner = packageOf(frame);
      seenPackages.add(owner);
      if (owner === 'app' || owner === 'fastify' || owner.startsWith('@fastify/')) {
        const name = `${owner === 'app' ? '' : `${owner} `}${frame.functionName || '(anonymous)'}:${frame.lineNumber + 1}`;
        seenFunctions.add(name);
      }
    }
    for (const owner of seenPackages) add(route.inclusive, owner, duration);
    for (const name of seenFunctions) add(route.functions, name, duration);
  }
  return { stats, outside };
}

function newStats() {
  return {
    requests: 0,
    busy: 0,
    idle: 0,
    self: new Map(),
    selfFunctions: new Map(),
    inclusive: new Map(),
    functions: new Map(),
  };
}

function add(map, key, value) {
  map.set(key, (map.get(key) ?? 0) + value);
}

function perRequest(micros, requests) {
  return (micros / requests).toFixed(1).padStart(7);
}

function report(cpu, { stats, outside }) {
  const health = stats.get('health');
  const clients = stats.get('clients');
  console.log('\nCPU per request from /proc (server + PostgreSQL), all rounds:');
  for (const [name, figures] of Object.entries(cpu)) {
    const app = (figures.appMs * 1000) / figures.requests;
    const db = (figures.dbMs * 1000) / figures.requests;
    const rps = figures.rps.map((value) => Math.round(value)).join(', ');
    console.log(
      `  ${name.padEnd(8)} ${Math.round(app)} + ${Math.round(db)} µs; req/s per round: ${rps}`,
    );
  }
  const shares = cpu.clients.rps.map((value, index) => value / cpu.health.rps[index]);
  console.log(
    `  GET /api/clients ÷ GET /api/health per round: ${shares.map((share) => `${Math.round(share * 100)} %`).join(', ')}`,
  );
  console.log(
    `\nprofile, µs per request: JS thread busy: health ${perRequest(health.busy, health.requests)}, clients ${perRequest(clients.busy, clients.requests)}; idle: health ${perRequest(health.idle, health.requests)}, clients ${perRequest(clients.idle, clients.requests)} (${Math.round(outside / 1000)} ms busy outside the windows)`,
  );
  for (const [title, key, limit] of [
    ['self time by package', 'self', 14],
    ['self time by function', 'selfFunctions', 30],
    ['inclusive time by package', 'inclusive', 18],
    ['inclusive time by function (our bundle, fastify)', 'functions', 40],
  ]) {
    console.log(`\n${title}, µs per request:    health  clients  difference`);
    const names = new Set([...health[key].keys(), ...clients[key].keys()]);
    const rows = [...names].map((name) => {
      const a = (health[key].get(name) ?? 0) / health.requests;
      const b = (clients[key].get(name) ?? 0) / clients.requests;
      return { name, a, b };
    });
    rows.sort((x, y) => Math.max(y.a, y.b) - Math.max(x.a, x.b));
    for (const { name, a, b } of rows.slice(0, limit)) {
      console.log(
        `  ${name.slice(0, 44).padEnd(44)} ${a.toFixed(1).padStart(7)}  ${b.toFixed(1).padStart(7)}  ${(b - a).toFixed(1).padStart(7)}`,
      );
    }
  }
}
