import { createQueryKeys } from '@/lib/query-keys';

/** GET /clients/history; every payment invalidates it together with the orders. */
export const historyKeys = createQueryKeys('history');
/** GET /loans/{orderId}/prolongation, by order. */
export const prolongationKeys = createQueryKeys('prolongation');
/** GET /payment_system/payment. */
export const paymentMethodsKeys = createQueryKeys('payment-methods');
/** GET /pay/callbackPayment, by the gateway's order id. */
export const paymentResultKeys = createQueryKeys('payment-result');
/** GET /loans/{orderId}/arrangements, by order: every arrangement invalidates it. */
export const arrangementsKeys = createQueryKeys('arrangements');
