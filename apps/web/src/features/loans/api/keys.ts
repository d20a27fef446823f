import { createQueryKeys } from '@/lib/query-keys';

/** GET /clients/orders; every order call invalidates `ordersKeys.all`. */
export const ordersKeys = createQueryKeys('orders');
/** GET /tariff/default and /tariff/repeat, by kind. */
export const tariffsKeys = createQueryKeys('tariffs');
/** Pre-order and contract document lists. */
export const loanDocumentsKeys = createQueryKeys('loan-documents');
/** The one payout call per order and idempotency key. */
export const payoutKeys = createQueryKeys('payout');
/** Moratorium and partner offers of the decline page. */
export const refusalKeys = createQueryKeys('refusal');
/** The cards of the cards feature share this cache entry (same key, same answer). */
export const cardsKeys = createQueryKeys('cards');
/** GET /clients/step, asked right before an order. */
export const clientStepKeys = createQueryKeys('loans-client-step');

export const sbpBanksKeys = createQueryKeys('sbp-banks');
/** The client's identification against the law's rule, asked before an order. */
export const identificationKeys = createQueryKeys('loans-identification');
/** GET /credit-holidays: the requests and the loans they may be asked for. */
export const creditHolidaysKeys = createQueryKeys('credit-holidays');
