import { useQuery } from '@tanstack/react-query';
import {
  best2payCallbackFailureSchema,
  type Card,
  type PayCallbackPaymentQuery,
} from '@zaymo/contract';
import { api } from '@/lib/api-client';
import { payCallbackKeys } from './keys';

export type BoundCard = { card: Card; referer: string | null };

/** The return page a 422 «card not bound» answer names, if any (contract: payRefererSchema). */
export function failureRefererOf(body: unknown): string | null {
  const failure = best2payCallbackFailureSchema.safeParse(body);
  return failure.success ? (failure.data.referer ?? null) : null;
}

async function confirmBinding(query: Record<string, string>): Promise<BoundCard> {
  // The gateway's own query goes on as it came; the server checks it against the contract.
  const answer = await api.post('/pay/callback/best2pay', {
    query: query as PayCallbackPaymentQuery,
  });
  return { card: answer.data.data, referer: answer.data.referer ?? null };
}

/**
 * POST /pay/callback/best2pay?<the gateway's query>. A query, not a mutation: it is sent once
 * per return even when the screen mounts twice; the server is idempotent anyway.
 */
export function usePayCallback(query: Record<string, string>) {
  return useQuery({
    queryKey: payCallbackKeys.detail(new URLSearchParams(query).toString()),
    queryFn: () => confirmBinding(query),
    retry: false,
    staleTime: Infinity,
  });
}
