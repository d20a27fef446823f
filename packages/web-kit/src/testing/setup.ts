import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, expect, vi } from 'vitest';
import { apiServer, failTest, takeContractViolations } from './mock-api';

export type TestSetupOptions = {
  /**
   * A request no handler answers fails the test it was made in (both apps' tests). Without it
   * such a request only gets a network error, logged.
   */
  failOnUnhandledRequest?: boolean;
};

/**
 * The setup both apps' component tests share (each app's test/setup.ts calls it with what it
 * resets after a test: its stores, storage, query client).
 */
export function setUpComponentTests(resetApp: () => void, options: TestSetupOptions = {}): void {
  // findBy*/waitFor give up after 1 s by default: on a busy machine a lazy screen's first import
  // takes longer, and a test failed for no fault of the app. They still answer as soon as the
  // element shows; the limit only decides when a truly missing element is reported.
  configure({ asyncUtilTimeout: 20_000 });

  // Tests never reach a real server: a request no handler answers gets a network error and, when
  // strict, fails the test it was made in (a logged error lets a test pass on a missing answer).
  beforeAll(() =>
    apiServer.listen({
      onUnhandledRequest: (request, print) => {
        if (options.failOnUnhandledRequest) {
          failTest(`${request.method} ${request.url}: no handler answers it (mockApi in the test)`);
        }
        print.error();
      },
    }),
  );
  afterAll(() => apiServer.close());

  afterEach(() => {
    cleanup();
    apiServer.resetHandlers();
    const violations = takeContractViolations();
    resetApp();
    // Spies first: a spy on a fake timer function restores the fake, which the real timers replace.
    vi.restoreAllMocks();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    // A request or answer of a test that does not match the contract (or that no handler
    // answered) fails that test; checked last, so the next test still starts from a clean app.
    expect(violations).toEqual([]);
  });
}
