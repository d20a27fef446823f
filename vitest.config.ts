import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const webSrc = fileURLToPath(new URL('./apps/web/src', import.meta.url));
const crmSrc = fileURLToPath(new URL('./apps/crm/src', import.meta.url));

export default defineConfig({
  test: {
    // One test file per core, each in a process of its own (forks, vitest's default): Vitest's own
    // default leaves one core of two idle. The API files each load their own database copy
    // (test/global-setup.ts), so they share nothing and run side by side.
    maxWorkers: '100%',
    projects: [
      {
        // The repository's own rules: documents' links, configuration, comments.
        test: {
          name: 'repo',
          root: '.',
          include: ['scripts/checks/**/*.test.mjs'],
          environment: 'node',
          // Parsing every source file takes seconds on a busy machine: not a failure.
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'contract',
          root: './packages/contract',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          // The password checker loads its dictionaries (zxcvbn) in its first test.
          testTimeout: 60_000,
        },
      },
      {
        // What the two web apps share (packages/web-kit): its helpers in Node, a component's
        // test in jsdom (its own `@vitest-environment` line).
        plugins: [react()],
        test: {
          name: 'web-kit',
          root: './packages/web-kit',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server-unit',
          root: './apps/server',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          // Rendering a PDF or hashing a password takes seconds on a busy machine: not a failure.
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server-api',
          root: './apps/server',
          include: ['test/api/**/*.test.ts', 'test/security/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['./test/global-setup.ts'],
          // Files share a worker's module cache: each file builds its own app on its own database
          // copy, and the server keeps no per-process state a test could leak (caches hold static
          // data only). Importing the server once per worker instead of once per file saves most
          // of the suite's import time.
          isolate: false,
          // Background work (scoring, notifications) is polled for up to 45 s on a busy machine.
          testTimeout: 60_000,
          // A file's app on its database copy starts while another file runs on the other core.
          hookTimeout: 120_000,
        },
      },
      {
        // Real processes, nginx and PostgreSQL (scripts/test-production.sh; CI runs it).
        test: {
          name: 'prod',
          root: './apps/server',
          include: ['test/prod/**/*.test.ts'],
          environment: 'node',
          testTimeout: 300_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        // A Patroni cluster (etcd, three nodes, HAProxy) from deploy/, instances
        // behind nginx, a primary killed under load (scripts/test-failover.sh; CI runs it).
        test: {
          name: 'failover',
          root: './apps/server',
          include: ['test/failover/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['./test/failover/global-setup.ts'],
          testTimeout: 300_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
      {
        plugins: [react()],
        resolve: { alias: { '@': webSrc } },
        test: {
          name: 'web',
          root: './apps/web',
          // build/: the prerender's helpers.
          include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
          environment: 'jsdom',
          setupFiles: ['./test/setup.ts'],
          // Above the 20 s of findBy/waitFor (test/setup.ts), so a slow machine is not a failure.
          testTimeout: 60_000,
        },
      },
      {
        // The operator console: component tests against MSW built from CRM_ENDPOINTS.
        plugins: [react()],
        resolve: { alias: { '@': crmSrc } },
        test: {
          name: 'crm',
          root: './apps/crm',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./test/setup.ts'],
          testTimeout: 60_000,
        },
      },
    ],
  },
});
