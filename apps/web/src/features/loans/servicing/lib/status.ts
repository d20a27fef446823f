import {
  ORDER_STATUS,
  type OrderStatusId,
  type OrderStatusName,
  type paymentHistoryItemSchema,
} from '@zaymo/contract';
import i18next from 'i18next';
import type { z } from 'zod';

const NAME_OF_STATUS = Object.fromEntries(
  Object.entries(ORDER_STATUS).map(([name, id]) => [id, name]),
) as Record<OrderStatusId, OrderStatusName>;

/** The spec's name of a status id: 4 → GIVEN. */
export function statusNameOf(statusId: OrderStatusId): OrderStatusName {
  return NAME_OF_STATUS[statusId];
}

/** The Russian label of an order status (the table is `servicing.status` in i18n). */
export function statusLabel(statusId: OrderStatusId): string {
  return i18next.t(`servicing:status.${statusNameOf(statusId)}`);
}

export type HistoryEntryKind = z.infer<typeof paymentHistoryItemSchema>['kind'];

/** The Russian label of a ledger entry kind. */
export function entryKindLabel(kind: HistoryEntryKind): string {
  return i18next.t(`servicing:entryKind.${kind}`);
}
