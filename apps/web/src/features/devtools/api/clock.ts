import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { createQueryKeys } from '@/lib/query-keys';

export const clockKeys = createQueryKeys('dev-clock');

/** The sandbox server's date and how far its clock was moved. */
export function useServerClock() {
  return useQuery({
    queryKey: clockKeys.all,
    retry: false,
    queryFn: async ({ signal }) => (await api.get('/dev/clock', { signal })).data,
  });
}

/** POST /dev/clock {days}: moves the server's clock forward; every server answer may change. */
export function useMoveClock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (days: number) => (await api.post('/dev/clock', { body: { days } })).data,
    onSuccess: (clock) => {
      queryClient.setQueryData(clockKeys.all, clock);
      void queryClient.invalidateQueries({
        predicate: (query) => query.queryKey[0] !== clockKeys.all[0],
      });
    },
  });
}
