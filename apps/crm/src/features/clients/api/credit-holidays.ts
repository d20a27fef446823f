import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The client's approved credit holidays, the newest first. */
export function useClientHolidays(clientId: number) {
  return useQuery({
    queryKey: ['crm', 'credit-holidays', 'client', clientId],
    queryFn: ({ signal }) =>
      api.get('/crm/clients/:id/credit-holidays', { params: { id: clientId }, signal }),
    select: (answer) => answer.data.requests,
  });
}
