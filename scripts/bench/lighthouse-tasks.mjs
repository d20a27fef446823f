// What makes goal 3's TBT: the long tasks of `/` and `/signin` and what runs in each.
// `node scripts/bench/lighthouse-tasks.mjs` after `npm run build`: starts the built server on a
// throwaway PGlite (BENCH_PORT, 3200), runs Lighthouse (mobile) on each page with CPU samples in
// its trace, and prints its simulated long tasks, then every main-thread task of the trace over
// 12.5 ms (Lighthouse multiplies by 4; TBT counts what is over 50) with its self time by source
// file or package, mapped through the build's source maps. TASKS_BY=function: by function instead. TASKS_RUNS (1) loads per page; TASKS_PAGES (`/,/signin`).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SourceMapConsumer } from 'source-map-js';
import { runLighthouse } from './lighthouse.mjs';
import { startAppServer, stop } from './servers.mjs';

const port = Number(process.env.BENCH_PORT ?? 3200);
const runs = Number(process.env.TASKS_RUNS ?? 1);
const pages = (process.env.TASKS_PAGES ?? '/,/signin').split(',');
const distDir = path.resolve('apps/web/dist');
/** Lighthouse multiplies main-thread time by 4: a task over 12.5 ms counts in its TBT. */
const SLOWDOWN = 4;
const THRESHOLD_MS = Number(process.env.TASKS_MIN_MS ?? 50 / SLOWDOWN);
/** TASKS_BY=function: self time by function (file:line name) instead of by package. */
const byFunction = process.env.TASKS_BY === 'function';

const consumers = new Map();
function consumerOf(url) {
  const match = /\/assets\/[^?#]+\.js$/.exec(new URL(url, 'http://x').pathname);
  if (!match) return null;
  if (!consumers.has(url)) {
    let consumer = null;
    try {
      consumer = new SourceMapConsumer(
        JSON.parse(readFileSync(path.join(distDir, `${match[0]}.map`), 'utf8')),
      );
    } catch {
      // no map
    }
    consumers.set(url, consumer);
  }
  return consumers.get(url);
}

/** A package name, or the app's source file, for one profile node. */
function sourceOf(frame) {
  if (!frame.url) return frame.functionName ? `(${frame.functionName})` : '(native)';
  const consumer = consumerOf(frame.url);
  if (!consumer) return path.basename(frame.url);
  const original = consumer.originalPositionFor({
    line: frame.lineNumber + 1,
    column: frame.columnNumber,
  });
  if (!original.source) return path.basename(frame.url);
  if (byFunction)
    return `${original.source.replace(/^.*node_modules\//, '').replace(/^(\.\.\/)+/, '')}:${original.line} ${original.name ?? frame.functionName}`;
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(original.source);
  if (modules) return modules[1];
  return original.source.replace(/^(\.\.\/)+/, '');
}

async function lighthouseOnce(url) {
  const result = await runLighthouse(url, {
    extends: 'lighthouse:default',
    settings: { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' },
  });
  return { lhr: result.lhr, events: result.artifacts.Trace.traceEvents };
}

/** What a task runs at the top: a script's evaluation, a timer, a message, a frame. */
const TOP_LEVEL_EVENTS = new Set([
  'EvaluateScript',
  'v8.evaluateModule',
  'TimerFire',
  'FunctionCall',
  'FireAnimationFrame',
  'ParseHTML',
  'Layout',
  'UpdateLayoutTree',
  'Paint',
  'EventDispatch',
  'RunMicrotasks',
  'v8.run',
]);

/** The page's main thread: the renderer that painted the first contentful paint. */
function mainThreadOf(events, fcp) {
  const isMain = (event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain';
  const pid = fcp?.pid ?? events.find(isMain).pid;
  const tid = events.find((event) => isMain(event) && event.pid === pid).tid;
  return { pid, tid, owns: (event) => event.pid === pid && event.tid === tid };
}

function longTasksOf(events, thread) {
  return events
    .filter(
      (event) => thread.owns(event) && event.name === 'RunTask' && event.dur / 1000 >= THRESHOLD_MS,
    )
    .map((task) => ({
      start: task.ts,
      end: task.ts + task.dur,
      sources: new Map(),
      kinds: new Set(),
    }));
}

function taskAt(tasks, time) {
  return tasks.find((task) => time >= task.start && time < task.end);
}

function labelTasks(events, thread, tasks) {
  for (const event of events) {
    if (!thread.owns(event) || event.ph !== 'X' || !TOP_LEVEL_EVENTS.has(event.name)) continue;
    const task = taskAt(tasks, event.ts);
    if (!task) continue;
    const url = event.args?.data?.url || event.args?.data?.stackTrace?.[0]?.url || '';
    task.kinds.add(`${event.name}${url ? ` ${path.basename(url)}` : ''}`);
  }
}

/** The CPU samples of the trace: self time by source within each task. */
function attributeSamples(events, pid, tasks) {
  const nodes = new Map();
  let time = null;
  for (const event of events) {
    if (event.name === 'Profile' && event.pid === pid) time = event.args.data.startTime;
    if (event.name !== 'ProfileChunk' || event.pid !== pid) continue;
    const { cpuProfile, timeDeltas } = event.args.data;
    for (const node of cpuProfile?.nodes ?? []) nodes.set(`${event.id}:${node.id}`, node);
    const samples = cpuProfile?.samples ?? [];
    for (let i = 0; i < samples.length; i += 1) {
      time += timeDeltas[i];
      const node = nodes.get(`${event.id}:${samples[i]}`);
      const task = node && taskAt(tasks, time);
      if (!task) continue;
      const source = sourceOf(node.callFrame);
      const delta = Math.max((timeDeltas[i + 1] ?? 0) / 1000, 0);
      task.sources.set(source, (task.sources.get(source) ?? 0) + delta);
    }
  }
}

function analyse(events) {
  const fcp = events.find((event) => event.name === 'firstContentfulPaint');
  const navigation = events.find(
    (event) => event.name === 'navigationStart' && event.args?.data?.isLoadingMainFrame,
  );
  const origin = (navigation ?? fcp).ts;
  const thread = mainThreadOf(events, fcp);
  const tasks = longTasksOf(events, thread);
  labelTasks(events, thread, tasks);
  attributeSamples(events, thread.pid, tasks);
  return {
    fcpMs: fcp ? (fcp.ts - origin) / 1000 : null,
    tasks: tasks.map((task) => ({
      startMs: Math.round((task.start - origin) / 1000),
      durationMs: Math.round((task.end - task.start) / 1000),
      kinds: [...task.kinds].slice(0, 8),
      sources: [...task.sources.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 10)
        .map(([source, ms]) => `${source} ${Math.round(ms)}`),
    })),
  };
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'zaymo-tasks-'));
const server = await startAppServer({ port, dataDir, databaseUrl: null });
try {
  for (const page of pages) {
    for (let run = 0; run < runs; run += 1) {
      const { lhr, events } = await lighthouseOnce(`${server.origin}${page}`);
      const { audits } = lhr;
      console.log(
        `${page} run ${run + 1}: performance ${Math.round(lhr.categories.performance.score * 100)}, FCP ${Math.round(audits['first-contentful-paint'].numericValue)} ms, TBT ${Math.round(audits['total-blocking-time'].numericValue)} ms`,
      );
      const simulated = (audits['long-tasks'].details?.items ?? []).map(
        (item) =>
          `${Math.round(item.startTime)}+${Math.round(item.duration)} ${path.basename(item.url)}`,
      );
      console.log(`  simulated long tasks: ${simulated.join(' · ')}`);
      const { fcpMs, tasks } = analyse(events);
      console.log(
        `  observed (unthrottled), FCP ${Math.round(fcpMs)} ms; tasks over ${THRESHOLD_MS} ms:`,
      );
      for (const task of tasks) {
        console.log(`  at ${task.startMs} ms: ${task.durationMs} ms  [${task.kinds.join(', ')}]`);
        console.log(`    ${task.sources.join(' · ')}`);
      }
    }
  }
} finally {
  await stop(server.child);
  rmSync(dataDir, { recursive: true, force: true });
}
