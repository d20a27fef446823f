import { useEffect, useState } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ORDER_STATUS, type Order } from '@zaymo/contract';
import { hasErrorCode } from '@/lib/api-client';
import { errorMessageOf } from '@/lib/error-notice';
import { notify } from '@/stores/notifications';
import { ordersKeys } from '../api/keys';
import { isDefiniteFailure, usePayoutRequest } from '../api/payout';
import { rememberOrder } from '../api/orders';
import { forgetPayoutKey, payoutKeyFor, renewPayoutKey } from '../lib/payout-key';

/**
 * SIGN_AGAIN: the contract was signed on another day than the payout, so the server re-made the
 * documents with today's dates and the order is back to signing. The fresh list leads the order
 * step to the confirm page, and the server's reason stays on screen.
 */
async function followSignAgain(queryClient: QueryClient, orderId: number, error: unknown) {
  if (!hasErrorCode(error, 'SIGN_AGAIN')) return;
  await queryClient.invalidateQueries({ queryKey: ordersKeys.all });
  forgetPayoutKey(orderId);
  const message = errorMessageOf(error);
  if (message) notify({ message, type: 'error', key: `sign-again-${orderId}`, timeout: false });
}

export type PayoutView = {
  /** The request is on its way, or the bank has not answered yet. */
  sending: boolean;
  /** The payout failed: the bank's reason (FAIL_TO_GIVE) or the call's error. */
  failure: { reason: string | null; error: unknown } | null;
  retry: () => void;
};

/**
 * Sends the signed order's money once: POST /orders/{id}/payout with the order's stored key.
 * A signed order pays out on arrival; a failed one waits for «Повторить», which takes a new key
 * after a definite failure and the same key after a lost answer.
 */
export function usePayout(order: Order): PayoutView {
  const queryClient = useQueryClient();
  const [key, setKey] = useState(() =>
    order.status_id === ORDER_STATUS.SIGNED ? payoutKeyFor(order.id) : null,
  );
  const request = usePayoutRequest(order.id, key);
  useEffect(() => {
    if (!request.data) return;
    if (request.data.status_id === ORDER_STATUS.GIVEN) forgetPayoutKey(order.id);
    rememberOrder(queryClient, request.data);
  }, [order.id, queryClient, request.data]);
  useEffect(() => {
    if (request.error) void followSignAgain(queryClient, order.id, request.error);
  }, [order.id, queryClient, request.error]);
  const retry = () => {
    if (request.isError && !isDefiniteFailure(request.error)) void request.refetch();
    else setKey(renewPayoutKey(order.id));
  };
  const refused = order.status_id === ORDER_STATUS.FAIL_TO_GIVE && !request.isFetching;
  const failure = request.isError
    ? { reason: null, error: request.error }
    : refused
      ? { reason: order.status_reason, error: null }
      : null;
  return { sending: failure === null, failure, retry };
}
