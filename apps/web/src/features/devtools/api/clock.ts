import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { createQueryKeys } from '@/lib/query-keys';

export const clockKeys = createQueryKeys('dev-clock');

/**
 * GET/POST /dev/clock (sandbox). The contract does not describe it yet (reported): only the
 * server's «now» and the shift in days are read.
 */
const devClockResponseSchema = z.object({
  data: z.object({
    now: z.string(),
    /** Moscow calendar date, YYYY-MM-DD. */
    today: z.string().optional(),
    offset_days: z.number().optional(),
  }),
});
export type DevClock = z.infer<typeof devClockResponseSchema>['data'];

/** The sandbox server's date and how far its clock was moved. */
export function useServerClock() {
  return useQuery({
    queryKey: clockKeys.all,
    retry: false,
    queryFn: async ({ signal }) =>
      (await api.get('/dev/clock', { schema: devClockResponseSchema, signal })).data,
  });
}

/** POST /dev/clock {days}: moves the server's clock forward; every server answer may change. */
export function useMoveClock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (days: number) =>
      (await api.post('/dev/clock', { body: { days }, schema: devClockResponseSchema })).data,
    onSuccess: (clock) => {
      queryClient.setQueryData(clockKeys.all, clock);
      void queryClient.invalidateQueries({
        predicate: (query) => query.queryKey[0] !== clockKeys.all[0],
      });
    },
  });
}
