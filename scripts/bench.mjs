// `npm run bench`: figures, not pass/fail. Builds nothing; run `npm run build` first.
// 1. The server's start time and resident memory on the embedded database, fresh and reopened.
// 2. The gzipped JS and CSS that the home route loads in Chromium.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const serverEntry = path.resolve('apps/server/dist/main.js');
const port = Number(process.env.BENCH_PORT ?? 3200);
const origin = `http://127.0.0.1:${port}`;

async function waitForHealth(child, started) {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`сервер завершился с кодом ${child.exitCode}`);
    try {
      const response = await fetch(`${origin}/api/health`);
      if (response.ok) return Date.now() - started;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

function residentMegabytes(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kilobytes = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return (kilobytes / 1024).toFixed(0);
}

async function startServer(dataDir) {
  const started = Date.now();
  const child = spawn(process.execPath, [serverEntry], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const startMs = await waitForHealth(child, started);
  await new Promise((resolve) => setTimeout(resolve, 500));
  return { child, startMs, rssMb: residentMegabytes(child.pid) };
}

async function stopServer(child) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function homeRouteAssets() {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
    ],
  });
  const page = await browser.newPage();
  const assets = [];
  page.on('response', async (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    const body = await response.body().catch(() => Buffer.alloc(0));
    assets.push({
      type,
      url: new URL(response.url()).pathname,
      raw: body.length,
      gzip: gzipSync(body).length,
    });
  });
  await page.goto(`${origin}/`, { waitUntil: 'networkidle' });
  await browser.close();
  return assets;
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

if (!existsSync(serverEntry)) {
  console.error('Сначала соберите проект: npm run build');
  process.exit(1);
}
const dataDir = mkdtempSync(path.join(tmpdir(), 'zaymo-bench-'));
try {
  const fresh = await startServer(dataDir);
  console.log(
    `server start, fresh embedded database:    ${fresh.startMs} ms, RSS ${fresh.rssMb} MB`,
  );
  await stopServer(fresh.child);

  const reopened = await startServer(dataDir);
  console.log(
    `server start, reopened embedded database: ${reopened.startMs} ms, RSS ${reopened.rssMb} MB`,
  );

  const assets = await homeRouteAssets();
  await stopServer(reopened.child);
  for (const type of ['script', 'stylesheet']) {
    const list = assets.filter((asset) => asset.type === type);
    const gzip = list.reduce((sum, asset) => sum + asset.gzip, 0);
    const raw = list.reduce((sum, asset) => sum + asset.raw, 0);
    console.log(
      `home route ${type === 'script' ? 'JS ' : 'CSS'}: ${kb(gzip)} gzipped (${kb(raw)} raw, ${list.length} files)`,
    );
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
