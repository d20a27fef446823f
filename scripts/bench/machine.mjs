// How much of the machine other work took while the bench measured (Linux /proc): a
// Lighthouse score taken beside someone else's build says little about the page.
import { readFileSync, readdirSync } from 'node:fs';
import os from 'node:os';
import { clearInterval, setInterval } from 'node:timers';

/** CPU time of the whole machine, busy and in all, in clock ticks summed over every core. */
function machineTicks() {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1);
  const ticks = fields.map(Number);
  const total = ticks.reduce((sum, value) => sum + value, 0);
  const idle = ticks[3] + (ticks[4] ?? 0);
  return { busy: total - idle, total };
}

/** Every process: its parent, its own CPU ticks, and a key that a reused pid does not share. */
function processTable() {
  const table = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const fields = statFields(name);
      table.set(Number(name), {
        parent: Number(fields[1]),
        ticks: Number(fields[11]) + Number(fields[12]),
        key: `${name}@${fields[19]}`,
      });
    } catch {
      // the process ended while the table was read
    }
  }
  return table;
}

/** The bench's process and everything it started (servers, Chromium and its children). */
function benchProcesses() {
  const table = processTable();
  const ours = new Set([process.pid]);
  for (let grown = true; grown;) {
    grown = false;
    for (const [pid, { parent }] of table) {
      if (!ours.has(pid) && ours.has(parent)) {
        ours.add(pid);
        grown = true;
      }
    }
  }
  return [...ours].flatMap((pid) => table.get(pid) ?? []);
}

/**
 * Starts watching; the function returned tells the share of the machine's CPU that processes
 * other than the bench's used since (0–1), and the one-minute load average. The bench's
 * processes are looked at every 200 ms: Chromium's renderers end with the browser's process
 * group, unreaped by it, and their time would not show in any of ours.
 */
export function watchMachine() {
  const machine = machineTicks();
  const first = new Map(benchProcesses().map(({ key, ticks }) => [key, ticks]));
  const last = new Map(first);
  const look = () => benchProcesses().forEach(({ key, ticks }) => last.set(key, ticks));
  const timer = setInterval(look, 200);
  return () => {
    clearInterval(timer);
    look();
    const now = machineTicks();
    let ours = 0;
    for (const [key, ticks] of last) ours += ticks - (first.get(key) ?? 0);
    return {
      others: Math.max(0, now.busy - machine.busy - ours) / Math.max(1, now.total - machine.total),
      load: os.loadavg()[0],
    };
  };
}

/** /proc counts CPU time in ticks of USER_HZ, 100 on Linux. */
export const TICK_MS = 10;

/** The fields of /proc/<pid>/stat after the command: state ppid … utime stime at 11 and 12. */
export function statFields(pid) {
  const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // After the command in parentheses: state ppid … utime(14) stime(15) cutime(16) cstime(17).
  return text.slice(text.lastIndexOf(')') + 2).split(' ');
}

/** The CPU time a process has used so far (user + system), in milliseconds. */
export function processCpuMs(pid) {
  const fields = statFields(pid);
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}
