import { QueryClient } from '@tanstack/react-query';
import { isClientError } from './api-error';

const MAX_RETRIES = 2;

/** A 4xx will answer the same on retry; only network and server failures are retried. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  return !isClientError(error) && failureCount < MAX_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

/** The one client of the app: sign-out clears it so no cached data outlives the session. */
export const queryClient = createQueryClient();
