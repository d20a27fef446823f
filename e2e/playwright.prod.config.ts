import { defineConfig } from '@playwright/test';
import journeys from './playwright.config';

const port = Number(process.env.PROD_E2E_PORT ?? 4651);

/**
 * The browser journey in production shape — nginx (deploy/nginx/zaymo.conf, TLS) in
 * front of two server instances on one PostgreSQL. The spec starts them itself (e2e/prod); run by
 * scripts/test-production.sh inside scripts/with-postgres.sh (DATABASE_URL). The browser and
 * timeouts are the journeys' (playwright.config.ts); no embedded server.
 */
export default defineConfig({
  ...journeys,
  testDir: './prod',
  // One journey on one nginx and two instances: a second worker would have nothing to run.
  workers: 1,
  outputDir: `./.artifacts/prod-results-${port}`,
  reporter: [['list']],
  use: { ...journeys.use, baseURL: `https://127.0.0.1:${port}`, ignoreHTTPSErrors: true },
  webServer: undefined,
});
