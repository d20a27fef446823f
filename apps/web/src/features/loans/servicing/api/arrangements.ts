import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CallbackRequest,
  ClientPromiseRequest,
  InteractionStatementRequest,
} from '@zaymo/contract';
import { api } from '@/lib/api-client';
import { arrangementsKeys } from './keys';

/** What the client arranged on an overdue loan, and when a refusal of interaction may be sent. */
export function useArrangements(orderId: number) {
  return useQuery({
    queryKey: arrangementsKeys.detail(orderId),
    queryFn: async ({ signal }) =>
      (await api.get('/loans/:orderId/arrangements', { params: { orderId }, signal })).data,
  });
}

function useArrangement<T>(orderId: number, send: (body: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: arrangementsKeys.detail(orderId) }),
  });
}

export function usePromiseToPay(orderId: number) {
  return useArrangement(orderId, (body: ClientPromiseRequest) =>
    api.post('/loans/:orderId/promise', { params: { orderId }, body }),
  );
}

export function useCallbackRequest(orderId: number) {
  return useArrangement(orderId, (body: CallbackRequest) =>
    api.post('/loans/:orderId/callback', { params: { orderId }, body }),
  );
}

export function useInteractionStatement(orderId: number) {
  return useArrangement(orderId, (body: InteractionStatementRequest) =>
    api.post('/loans/:orderId/interaction', { params: { orderId }, body }),
  );
}
