import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The loan's automatic messages; asked again every minute (the job sends on its own). */
export function useLoanReminders(orderId: number) {
  return useQuery({
    queryKey: ['crm', 'collections', 'reminders', orderId],
    queryFn: ({ signal }) =>
      api.get('/crm/collections/:orderId/reminders', { params: { orderId }, signal }),
    select: (answer) => answer.data.reminders,
    refetchInterval: 60_000,
  });
}
