import { useQuery } from '@tanstack/react-query';
import { type OutboxMessage } from '@zaymo/contract';
import { api } from '@/lib/api-client';
import { createQueryKeys } from '@/lib/query-keys';

export const outboxKeys = createQueryKeys('dev-outbox');

/** The outbox is refreshed this often while the page is open. */
export const OUTBOX_REFRESH_MS = 3000;
const OUTBOX_LIMIT = 20;

export async function fetchOutbox(
  recipient: string,
  signal?: AbortSignal,
): Promise<OutboxMessage[]> {
  const answer = await api.get('/dev/outbox', {
    query: { recipient: recipient || undefined, limit: OUTBOX_LIMIT },
    signal,
  });
  return answer.data;
}

/** The sandbox's latest SMS and e-mails (GET /dev/outbox), optionally for one recipient. */
export function useOutbox(recipient: string) {
  return useQuery({
    queryKey: outboxKeys.list({ recipient }),
    queryFn: ({ signal }) => fetchOutbox(recipient, signal),
    refetchInterval: OUTBOX_REFRESH_MS,
    staleTime: 0,
    retry: false,
  });
}
