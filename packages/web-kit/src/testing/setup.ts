import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, expect, vi } from 'vitest';
import { apiServer, takeContractViolations } from './mock-api';

/**
 * The setup both apps' component tests share (each app's test/setup.ts calls it with what it
 * resets after a test: its stores, storage, query client).
 */
export function setUpComponentTests(resetApp: () => void): void {
  // findBy*/waitFor give up after 1 s by default: on a busy machine a lazy screen's first import
  // takes longer, and a test failed for no fault of the app. They still answer as soon as the
  // element shows; the limit only decides when a truly missing element is reported.
  configure({ asyncUtilTimeout: 20_000 });

  // Tests never reach a real server: a request no handler answers gets a network error.
  beforeAll(() => apiServer.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => apiServer.close());

  afterEach(() => {
    cleanup();
    apiServer.resetHandlers();
    // A request or answer of a test that does not match the contract fails that test.
    expect(takeContractViolations()).toEqual([]);
    resetApp();
    // Spies first: a spy on a fake timer function restores the fake, which the real timers replace.
    vi.restoreAllMocks();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
}
