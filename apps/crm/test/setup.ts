import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, expect, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { useStaffSession } from '@/stores/staff-session';
import { apiServer, takeContractViolations } from './api';

// findBy*/waitFor answer as soon as the element shows; the limit only decides when a missing
// one is reported, and a lazy screen's first import is slow on a busy machine.
configure({ asyncUtilTimeout: 20_000 });

beforeAll(() => apiServer.listen({ onUnhandledRequest: 'error' }));
afterAll(() => apiServer.close());

afterEach(() => {
  cleanup();
  apiServer.resetHandlers();
  // A request or an answer of a test that does not match the contract fails that test.
  expect(takeContractViolations()).toEqual([]);
  useStaffSession.getState().signOut();
  queryClient.clear();
  window.sessionStorage.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});
