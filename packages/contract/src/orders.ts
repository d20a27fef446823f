/** Order status ids as the spec lists them (§3). */
export const ORDER_STATUS = {
  NEW: 0,
  ACCEPTED: 1,
  APPROVED: 2,
  REFUSED: 3,
  GIVEN: 4,
  FAIL_TO_GIVE: 5,
  REPAID: 6,
  REJECTED_BY_CLIENT: 7,
  EXPIRED: 8,
  SIGNED: 9,
  DRAFT: 10,
  INACTIVE: 11,
  PRE_APPROVED: 12,
} as const;

export type OrderStatusName = keyof typeof ORDER_STATUS;
export type OrderStatusId = (typeof ORDER_STATUS)[OrderStatusName];

export const ORDER_STATUS_IDS = Object.values(ORDER_STATUS) as OrderStatusId[];

/** The current order is the first one whose status is GIVEN or EXPIRED (spec §3). */
export function findCurrentOrder<T extends { status_id: number }>(
  orders: readonly T[],
): T | undefined {
  return orders.find(
    (order) => order.status_id === ORDER_STATUS.GIVEN || order.status_id === ORDER_STATUS.EXPIRED,
  );
}
