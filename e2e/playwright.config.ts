import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://127.0.0.1:${port}`;

/**
 * Browser journeys in Debian's Chromium against the built SPA and the real server on a fresh
 * embedded database. `npm test` builds first; the server is started here.
 */
export default defineConfig({
  testDir: './tests',
  outputDir: `./.artifacts/results-${port}`,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // A guard against a hung test, not a speed check: every screen runs axe-core (support/test.ts)
  // and a busy 2-core machine runs a long journey slowly.
  timeout: 300_000,
  // Generous: a busy machine renders late, and an assertion still passes as soon as it holds.
  expect: { timeout: 20_000 },
  reporter: [['list'], ['json']],
  use: {
    baseURL,
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
  webServer: {
    command: `rm -rf .artifacts/data-${port} && mkdir -p .artifacts && exec node ../apps/server/dist/main.js > .artifacts/server-${port}.log 2>&1`,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    // A fresh embedded database migrates at start: on a busy machine that alone can take a minute.
    timeout: 180_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: `.artifacts/data-${port}`,
      // No PUBLIC_URL: links and gateway returns must follow the address the browser used.
      SANDBOX: 'true',
      LOG_LEVEL: 'info',
      // Each test sends X-Forwarded-For of its own (support/axe.ts), as if behind a local proxy.
      TRUST_PROXY: '127.0.0.1',
    },
  },
});
