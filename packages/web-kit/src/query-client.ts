import { QueryClient } from '@tanstack/react-query';
import { isClientError } from './api-error';

const MAX_RETRIES = 2;

/** A 4xx will answer the same on retry; only network and server failures are retried. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  return !isClientError(error) && failureCount < MAX_RETRIES;
}

/** Each app holds one (its lib/query-client.ts): signing out clears it. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
