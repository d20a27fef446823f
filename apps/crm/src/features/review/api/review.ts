import type { CrmReviewDecisionRequest } from '@zaymo/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const reviewKey = ['crm', 'review'] as const;

/** The orders waiting for a specialist, oldest first; asked again every minute while open. */
export function useReviewQueue() {
  return useQuery({
    queryKey: reviewKey,
    queryFn: ({ signal }) => api.get('/crm/review', { signal }),
    select: (answer) => answer.data.orders,
    refetchInterval: 60_000,
  });
}

export type DecisionInput = CrmReviewDecisionRequest & { orderId: number };

/** Approve or refuse; the queue is asked again whatever the answer (a 409: someone was first). */
export function useDecideReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, ...body }: DecisionInput) =>
      api.post('/crm/review/:orderId/decision', { params: { orderId }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reviewKey }),
    // The client card's orders show the decision (and who took it).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['crm', 'clients'] }),
  });
}
