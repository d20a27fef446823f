// What the profiling scripts share: the CPU of the PostgreSQL cluster from /proc, and the package
// a frame of a V8 CPU profile belongs to.
import { readdirSync } from 'node:fs';
import { statFields, TICK_MS } from './machine.mjs';
import { withClient } from './load.mjs';

/** The postmaster of the database at `databaseUrl`: the parent of a backend of ours. */
export async function postmasterPid(databaseUrl) {
  return withClient(databaseUrl, async (client) => {
    const { rows } = await client.query('select pg_backend_pid() as pid');
    return Number(statFields(rows[0].pid)[1]);
  });
}

/** The postmaster and its live backends, plus the backends already gone (its cutime/cstime). */
export function clusterCpuMs(postmaster) {
  const own = statFields(postmaster);
  let ticks = own.slice(11, 15).reduce((total, value) => total + Number(value), 0);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = statFields(entry);
      if (Number(fields[1]) === postmaster) ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // the process ended meanwhile
    }
  }
  return ticks * TICK_MS;
}

/** A frame's package: a node_modules package, `app` (our bundle), `node` core, or V8's own. */
export function packageOf(frame) {
  const { url, functionName } = frame;
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('node:')) return 'node core';
  const modules = url.lastIndexOf('/node_modules/');
  if (modules >= 0) {
    const parts = url.slice(modules + '/node_modules/'.length).split('/');
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  if (url.includes('/apps/server/dist/')) return 'app';
  return url;
}
