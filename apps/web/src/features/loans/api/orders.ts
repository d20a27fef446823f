import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { createOrderRequestSchema, Order } from '@zaymo/contract';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { ordersKeys } from './keys';

export type CreateOrderRequest = z.input<typeof createOrderRequestSchema>;

async function fetchOrders(signal: AbortSignal): Promise<Order[]> {
  const answer = await api.get('/clients/orders', { signal });
  return answer.data.data.data;
}

/** Milliseconds between calls, or a rule deciding it from the orders as they are now. */
export type OrdersPolling = number | ((orders: Order[] | undefined) => number | false);

/** The client's orders, newest first; `poll` asks again while mounted (and stops on leave). */
export function useOrders({
  enabled = true,
  poll,
}: { enabled?: boolean; poll?: OrdersPolling } = {}) {
  return useQuery({
    queryKey: ordersKeys.list(),
    queryFn: ({ signal }) => fetchOrders(signal),
    enabled,
    refetchInterval:
      typeof poll === 'function' ? (query) => poll(query.state.data) : (poll ?? false),
  });
}

/** The answer's order goes first into the cached list, so the next screen sees it at once. */
export function rememberOrder(queryClient: QueryClient, order: Order): void {
  queryClient.setQueryData<Order[]>(ordersKeys.list(), (orders = []) => [
    order,
    ...orders.filter((known) => known.id !== order.id),
  ]);
  void queryClient.invalidateQueries({ queryKey: ordersKeys.all });
}

/** POST /orders/create: an order from the calculator choice. */
export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateOrderRequest) => {
      const answer = await api.post('/orders/create', { body });
      return answer.data.order;
    },
    onSuccess: (order) => rememberOrder(queryClient, order),
  });
}

/** POST /orders/verify {order_id, code}: signs the contract with the SMS code (АСП). */
export async function verifyOrder(orderId: number, code: string): Promise<void> {
  await api.post('/orders/verify', { body: { order_id: orderId, code } });
}

/** POST /orders/{id}/reject: the client declines the approved offer. */
export function useRejectOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: number) => api.post('/orders/:orderId/reject', { params: { orderId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ordersKeys.all }),
  });
}

/** POST /orders/{id}/cancel: the client refuses a signed loan before its money goes out. */
export function useCancelLoan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (orderId: number) => {
      const answer = await api.post('/orders/:orderId/cancel', { params: { orderId } });
      return answer.data.order;
    },
    onSuccess: (order) => rememberOrder(queryClient, order),
    onError: () => queryClient.invalidateQueries({ queryKey: ordersKeys.all }),
  });
}

/** POST /orders/{id}/insurance/refusal: the client refuses the loan's insurance (ст. 7 ч. 2.7). */
export function useRefuseInsurance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (orderId: number) => {
      const answer = await api.post('/orders/:orderId/insurance/refusal', { params: { orderId } });
      return answer.data.order;
    },
    onSuccess: (order) => rememberOrder(queryClient, order),
    onError: () => queryClient.invalidateQueries({ queryKey: ordersKeys.all }),
  });
}

/**
 * POST /orders/{id}/payout with an Idempotency-Key: a repeated key never pays twice. The
 * answer's order tells the outcome.
 */
export async function requestPayout(orderId: number, idempotencyKey: string): Promise<Order> {
  const answer = await api.post('/orders/:orderId/payout', {
    params: { orderId },
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  return answer.data.order;
}
