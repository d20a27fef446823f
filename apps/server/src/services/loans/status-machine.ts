import { ORDER_STATUS, type OrderStatusId } from '@zaymo/contract';

/**
 * The life of an order (spec §3 statuses). Every status write names the status it expects
 * (`UPDATE … WHERE status_id = <from>`) and passes through `assertTransition`, so no code path
 * can move an order where this table does not allow.
 */
const { NEW, ACCEPTED, APPROVED, REFUSED, SIGNED, REJECTED_BY_CLIENT, GIVEN, FAIL_TO_GIVE } =
  ORDER_STATUS;
const { EXPIRED, REPAID } = ORDER_STATUS;

export const ORDER_TRANSITIONS: ReadonlyMap<OrderStatusId, readonly OrderStatusId[]> = new Map<
  OrderStatusId,
  readonly OrderStatusId[]
>([
  [NEW, [ACCEPTED]],
  [ACCEPTED, [APPROVED, REFUSED]],
  [APPROVED, [SIGNED, REJECTED_BY_CLIENT]],
  // Back to APPROVED: the money did not go out on the contract's day, so the documents are made
  // again with the payout day's dates and signed again. REJECTED_BY_CLIENT: the borrower
  // refused the loan before its money went out (353-FZ art. 7 part 9.3, art. 11 part 1).
  [SIGNED, [GIVEN, FAIL_TO_GIVE, APPROVED, REJECTED_BY_CLIENT]],
  [FAIL_TO_GIVE, [GIVEN, FAIL_TO_GIVE, APPROVED]],
  [GIVEN, [EXPIRED, REPAID]],
  // A paid prolongation moves the due date past today: the loan is no longer overdue.
  [EXPIRED, [GIVEN, REPAID]],
]);

/** Where an order may go from `from`; nothing from a final status. */
export function nextStatuses(from: OrderStatusId): readonly OrderStatusId[] {
  return ORDER_TRANSITIONS.get(from) ?? [];
}

export function canTransition(from: OrderStatusId, to: OrderStatusId): boolean {
  return nextStatuses(from).includes(to);
}

export class IllegalTransitionError extends Error {
  override name = 'IllegalTransitionError';

  constructor(
    readonly from: OrderStatusId,
    readonly to: OrderStatusId,
  ) {
    super(`Order status cannot change from ${from} to ${to}`);
  }
}

export function assertTransition(from: OrderStatusId, to: OrderStatusId): void {
  if (!canTransition(from, to)) throw new IllegalTransitionError(from, to);
}

/** The statuses an order may be in right before becoming `to`. */
export function statusesLeadingTo(to: OrderStatusId): OrderStatusId[] {
  return [...ORDER_TRANSITIONS].filter(([, targets]) => targets.includes(to)).map(([from]) => from);
}

/** No way out: the order's story is over. */
export function isFinalStatus(status: OrderStatusId): boolean {
  return nextStatuses(status).length === 0;
}

/** An issued loan that is not repaid yet (spec §3: the current order). */
export const OPEN_LOAN_STATUSES: readonly OrderStatusId[] = [GIVEN, EXPIRED];

/** Orders still on their way to a loan: a new order must wait until they end. */
export const UNFINISHED_ORDER_STATUSES: readonly OrderStatusId[] = [
  NEW,
  ACCEPTED,
  APPROVED,
  SIGNED,
  FAIL_TO_GIVE,
];
