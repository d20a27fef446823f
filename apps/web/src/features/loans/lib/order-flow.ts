import { ORDER_STATUS, type Order, type OrderStatusId } from '@zaymo/contract';
import type { RouteName } from '@/config/paths';

/** Where the client's newest order sends them, by its status. */
const SCREEN_OF_STATUS: Record<OrderStatusId, RouteName> = {
  [ORDER_STATUS.NEW]: 'profileCheckOrder',
  [ORDER_STATUS.ACCEPTED]: 'profileCheckOrder',
  [ORDER_STATUS.PRE_APPROVED]: 'profileCheckOrder',
  [ORDER_STATUS.DRAFT]: 'profileCheckOrder',
  [ORDER_STATUS.APPROVED]: 'confirmOrder',
  [ORDER_STATUS.REFUSED]: 'declineOrder',
  [ORDER_STATUS.SIGNED]: 'sendingMoney',
  [ORDER_STATUS.FAIL_TO_GIVE]: 'sendingMoney',
  [ORDER_STATUS.GIVEN]: 'loanlist',
  [ORDER_STATUS.EXPIRED]: 'loanlist',
  [ORDER_STATUS.REPAID]: 'home',
  [ORDER_STATUS.REJECTED_BY_CLIENT]: 'home',
  [ORDER_STATUS.INACTIVE]: 'home',
};

/** The screen of this order's step; home when there is no order. */
export function screenOfOrder(order: Pick<Order, 'status_id'> | null | undefined): RouteName {
  return order ? SCREEN_OF_STATUS[order.status_id] : 'home';
}

/** The newest order (the list comes newest first). */
export function latestOrder(orders: readonly Order[] | undefined): Order | null {
  return orders?.[0] ?? null;
}
