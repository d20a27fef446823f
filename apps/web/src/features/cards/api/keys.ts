import { createQueryKeys } from '@/lib/query-keys';

/** The client's cards (GET /clients/cards): every card mutation invalidates `cardsKeys.all`. */
export const cardsKeys = createQueryKeys('cards');
/** GET /payment_system/payment and /payout, by kind. */
export const paymentMethodKeys = createQueryKeys('payment-methods');
/** The one POST a return from the card page makes, keyed by its query. */
export const payCallbackKeys = createQueryKeys('pay-callback');
