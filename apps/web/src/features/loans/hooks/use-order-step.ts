import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import type { Order, OrderStatusId } from '@zaymo/contract';
import { ROUTES, type RouteName } from '@/config/paths';
import { useOrders, type OrdersPolling } from '../api/orders';
import { latestOrder, screenOfOrder } from '../lib/order-flow';

type OrderStep = {
  /** The newest order when its status belongs to this screen. */
  order: Order | null;
  isPending: boolean;
  isError: boolean;
  /** The last call failed (polling goes on). */
  connectionLost: boolean;
  refetch: () => void;
};

/**
 * The newest order for a screen of the order's way (check → confirm → payout → congrats).
 * Once the list is fresh, an order in another status sends the client to that status' screen,
 * so every step survives a reload, a second tab, and the server moving on by itself.
 */
type OrderStepOptions = {
  /** Ask for the orders again while the screen is open. */
  poll?: OrdersPolling;
  /** Where this screen sends some statuses instead of their usual screen. */
  next?: Partial<Record<OrderStatusId, RouteName>>;
};

export function useOrderStep(
  accepts: readonly OrderStatusId[],
  { poll, next = {} }: OrderStepOptions = {},
): OrderStep {
  const navigate = useNavigate();
  const orders = useOrders(poll === undefined ? {} : { poll });
  const newest = latestOrder(orders.data);
  const belongs = newest !== null && accepts.includes(newest.status_id);
  // Only an answer of this visit decides: the cache may still hold the list of an earlier step.
  const fresh = orders.isFetchedAfterMount && orders.isSuccess;
  const target =
    fresh && !belongs ? ((newest && next[newest.status_id]) ?? screenOfOrder(newest)) : null;
  useEffect(() => {
    if (target) void navigate(ROUTES[target].path, { replace: true });
  }, [navigate, target]);
  return {
    order: belongs ? newest : null,
    isPending: !belongs && !orders.isError,
    isError: !belongs && orders.isError,
    connectionLost: orders.isError,
    refetch: () => void orders.refetch(),
  };
}
