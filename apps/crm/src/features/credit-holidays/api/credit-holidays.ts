import type { CreditHolidayStatus, CrmDecideCreditHolidayRequest } from '@zaymo/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const holidaysKey = ['crm', 'credit-holidays'] as const;

/** GET /crm/credit-holidays by status; the pending ones oldest first. */
export function useHolidayQueue(status: CreditHolidayStatus) {
  return useQuery({
    queryKey: [...holidaysKey, status],
    queryFn: ({ signal }) => api.get('/crm/credit-holidays', { query: { status }, signal }),
    select: (answer) => answer.data.requests,
  });
}

export type HolidayDecision = CrmDecideCreditHolidayRequest & { id: number };

/** Approve or refuse; every list is asked again whatever the answer (a 409: someone was first). */
export function useDecideHoliday() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: HolidayDecision) =>
      api.post('/crm/credit-holidays/:id/decide', { params: { id }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: holidaysKey }),
  });
}
