import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
/**
 * Two workers on two cores, each with a server and a database of its own on the next port
 * (support/test.ts points a worker's baseURL there): a journey that moves the server clock days
 * ahead ends only the sessions of its own worker's server. E2E_WORKERS=1 runs one.
 */
const workers = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
const serverPorts = Array.from({ length: workers }, (_, index) => port + index);

function baseURLOf(serverPort: number): string {
  return `http://127.0.0.1:${serverPort}`;
}

/** The server of the worker with this parallelIndex. */
export function workerBaseURL(parallelIndex: number): string {
  return baseURLOf(port + (parallelIndex % workers));
}

/**
 * One more server, on the port after the workers', where the biometric rule of 41-FZ is in force
 * today (an МФК: from 01.03.2026): the journeys of that rule run there, and the workers' servers
 * keep lending to clients who typed their data.
 */
const biometricRulePort = port + workers;
export const BIOMETRIC_RULE_BASE_URL = baseURLOf(biometricRulePort);

/**
 * Browser journeys in Debian's Chromium against the built SPA and the real server on a fresh
 * embedded database. `npm test` builds first; the servers are started here.
 */
export default defineConfig({
  testDir: './tests',
  outputDir: `./.artifacts/results-${port}`,
  // Every test makes its own client (and its own address, support/test.ts): tests, not only
  // files, are shared between the workers, the long money journeys first by file order.
  fullyParallel: true,
  workers,
  // One retry, so that a journey that failed once on a loaded machine does not stop the whole
  // CI run; it still counts and shows: the list reports it «flaky» and `npm test`'s summary names
  // the number (scripts/test.mjs). A test that fails twice fails the run.
  retries: 1,
  // A guard against a hung test, not a speed check: every screen runs axe-core (support/test.ts)
  // and a busy 2-core machine runs a long journey slowly.
  timeout: 300_000,
  // Generous: a busy machine renders late, and an assertion still passes as soon as it holds.
  expect: { timeout: 20_000 },
  reporter: [['list'], ['json']],
  use: {
    baseURL: baseURLOf(port),
    locale: 'ru-RU',
    timezoneId: 'Europe/Moscow',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-dev-shm-usage',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: [
    // The journeys move each worker's sandbox clock forward past 01.03.2027, when the 41-FZ rule
    // would refuse every later loan on that server; the rule has its own server below.
    ...serverPorts.map((serverPort) =>
      sandboxServer(serverPort, { BIOMETRIC_REQUIRED_FROM: 'never' }),
    ),
    sandboxServer(biometricRulePort, { LENDER_KIND: 'mfk' }),
  ],
});

function sandboxServer(serverPort: number, settings: Record<string, string> = {}) {
  return {
    command: `rm -rf .artifacts/data-${serverPort} && mkdir -p .artifacts && exec node ../apps/server/dist/main.js > .artifacts/server-${serverPort}.log 2>&1`,
    url: `${baseURLOf(serverPort)}/api/health`,
    reuseExistingServer: false,
    // A fresh embedded database migrates at start: on a busy machine that alone can take a minute.
    timeout: 180_000,
    env: {
      PORT: String(serverPort),
      HOST: '127.0.0.1',
      DATA_DIR: `.artifacts/data-${serverPort}`,
      // No PUBLIC_URL: links and gateway returns must follow the address the browser used.
      SANDBOX: 'true',
      // The console's journeys sign in as the demo admin; a proxy in front (TRUST_PROXY) would
      // otherwise leave it out.
      SANDBOX_DEMO_ADMIN: 'true',
      LOG_LEVEL: 'info',
      // Each test sends X-Forwarded-For of its own (support/test.ts), as if behind a local proxy.
      TRUST_PROXY: '127.0.0.1',
      // The credit history reaches the sandbox bureau within seconds, for the «БКИ» journey.
      BUREAU_REPORT_SECONDS: '2',
      ...settings,
    },
  };
}
