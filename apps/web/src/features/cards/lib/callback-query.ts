import { best2payCallbackQuerySchema } from '@zaymo/contract';

/**
 * The query the gateway put on the return address, as it came: it is forwarded unchanged to
 * POST /pay/callback/best2pay. Null when it is not a gateway's return (no order id, or values
 * the contract refuses).
 */
export function readCallbackQuery(search: URLSearchParams): Record<string, string> | null {
  const params = Object.fromEntries(search.entries());
  return best2payCallbackQuerySchema.safeParse(params).success ? params : null;
}
