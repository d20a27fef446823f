import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The client's automatic messages over every loan. */
export function useClientReminders(clientId: number) {
  return useQuery({
    queryKey: ['crm', 'clients', clientId, 'reminders'],
    queryFn: ({ signal }) =>
      api.get('/crm/clients/:id/reminders', { params: { id: clientId }, signal }),
    select: (answer) => answer.data.reminders,
  });
}
