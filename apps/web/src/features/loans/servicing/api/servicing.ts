import { useQuery } from '@tanstack/react-query';
import type { payLoanResponseSchema, prolongationOptionsResponseSchema } from '@zaymo/contract';
import {
  LOANPAY_TOKEN_HEADER,
  toMoneyString,
  type Card,
  type Kopecks,
  type PaymentType,
} from '@zaymo/contract';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { cardsKeys } from '../../api/keys';
import { historyKeys, paymentMethodsKeys, prolongationKeys } from './keys';

export type PayLoanAnswer = z.infer<typeof payLoanResponseSchema>['data'];
export type ProlongationOption = z.infer<
  typeof prolongationOptionsResponseSchema
>['data']['options'][number];

/** One payment of a loan: by a bound card, or through the gateway page when `cardId` is null. */
export type PayLoanRequest = {
  contract: string;
  type: PaymentType;
  cardId: number | null;
  paymentSystemId: number;
  amount?: Kopecks;
  prolongation?: number;
  aspCode?: string;
  documentAgreements?: string;
  /** A guest's pay token (POST /loanpay/lookup): the payment goes to POST /loanpay/payment. */
  payToken?: string;
};

/** POST /pay/payment/{contract} with the attempt's Idempotency-Key; the SMS code in the body. */
export async function payLoan(
  request: PayLoanRequest,
  idempotencyKey: string,
): Promise<PayLoanAnswer> {
  const path =
    request.payToken === undefined ? '/pay/payment/:contract' : '/loanpay/payment/:contract';
  const headers: Record<string, string> = { 'Idempotency-Key': idempotencyKey };
  if (request.payToken !== undefined) headers[LOANPAY_TOKEN_HEADER] = request.payToken;
  const answer = await api.post(path, {
    params: { contract: request.contract },
    body: {
      card_id: request.cardId ?? undefined,
      type: request.type,
      payment_system_id: request.paymentSystemId,
      amount: request.amount === undefined ? undefined : toMoneyString(request.amount),
      prolongation: request.prolongation,
      asp_code: request.aspCode,
      document_agreements: request.documentAgreements,
    },
    headers,
  });
  return answer.data;
}

/** The client's bound cards (shares the cache entry of the cards list). */
export function usePaymentCards(enabled = true) {
  return useQuery({
    queryKey: cardsKeys.list(),
    enabled,
    queryFn: async ({ signal }): Promise<Card[]> => {
      const answer = await api.get('/clients/cards', { signal });
      return answer.data;
    },
  });
}

/** The ids of the card and СБП payment methods (GET /payment_system/payment); null when off. */
export function usePaymentSystemIds() {
  return useQuery({
    queryKey: paymentMethodsKeys.list(),
    staleTime: 5 * 60_000,
    queryFn: async ({ signal }) => {
      const answer = await api.get('/payment_system/payment', { signal });
      const idOf = (code: string) =>
        answer.data.find((item) => item.code === code && item.enabled)?.id ?? null;
      return { card: idOf('best2pay_card'), sbp: idOf('sbp') };
    },
  });
}

/** GET /loans/{orderId}/prolongation: the terms the loan may be prolonged on. */
export function useProlongationOptions(orderId: number) {
  return useQuery({
    queryKey: prolongationKeys.detail(orderId),
    staleTime: 0,
    queryFn: async ({ signal }) => {
      const answer = await api.get('/loans/:orderId/prolongation', { params: { orderId }, signal });
      return answer.data.options;
    },
  });
}

/** GET /clients/history: every order and every payment. */
export function useHistory() {
  return useQuery({
    queryKey: historyKeys.list(),
    queryFn: async ({ signal }) => {
      const answer = await api.get('/clients/history', { signal });
      return answer.data;
    },
  });
}
