import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** How often the screen asks again while open: the job sends every half a minute. */
export const BUREAU_REFRESH_MS = 30_000;

/** GET /crm/bureau: the credit history reported, acknowledged, failing, near its deadline. */
export function useBureauOverview() {
  return useQuery({
    queryKey: ['crm', 'bureau'],
    queryFn: ({ signal }) => api.get('/crm/bureau', { signal }),
    select: (answer) => answer.data,
    refetchInterval: BUREAU_REFRESH_MS,
  });
}
