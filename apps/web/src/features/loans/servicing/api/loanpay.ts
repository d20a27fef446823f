import { useQuery } from '@tanstack/react-query';
import {
  LOANPAY_TOKEN_HEADER,
  type LoanpayLookupResponse,
  type PayCallbackPaymentQuery,
  type PayCallbackPaymentResponse,
} from '@zaymo/contract';
import { api } from '@/lib/api-client';
import { paymentResultKeys } from './keys';

export type LoanpayLookup = LoanpayLookupResponse['data'];

/** The card payment method (GET /payment_system/payment lists it as id 1; guests cannot ask). */
export const GUEST_CARD_PAYMENT_SYSTEM_ID = 1;

/** POST /loanpay/lookup: the loan by its contract number and the borrower's birth date. */
export async function lookupLoan(
  contractNumber: string,
  birthDate: string,
): Promise<LoanpayLookup> {
  const answer = await api.post('/loanpay/lookup', {
    body: { contract_number: contractNumber, birth_date: birthDate },
  });
  return answer.data;
}

const PAY_TOKEN_STORAGE = 'zaymo.loanpay-token';

/** The pay token survives the trip to the gateway page, to ask for the result on return. */
export function rememberPayToken(token: string): void {
  try {
    window.sessionStorage.setItem(PAY_TOKEN_STORAGE, token);
  } catch {
    // Storage off: the result cannot be asked for after the page.
  }
}

export function storedPayToken(): string | null {
  try {
    return window.sessionStorage.getItem(PAY_TOKEN_STORAGE);
  } catch {
    return null;
  }
}

type PaymentResult = PayCallbackPaymentResponse['data'];

/**
 * The payment's outcome after the gateway page: GET /pay/callbackPayment for a signed-in client,
 * GET /loanpay/callbackPayment with the pay token for a guest. Asked again while pending.
 */
export function usePaymentResult(query: Record<string, string>, payToken: string | null = null) {
  return useQuery({
    queryKey: paymentResultKeys.detail(
      `${payToken ? 'guest' : 'client'}:${new URLSearchParams(query)}`,
    ),
    retry: false,
    queryFn: async ({ signal }): Promise<PaymentResult> => {
      const answer = await api.get(payToken ? '/loanpay/callbackPayment' : '/pay/callbackPayment', {
        // The gateway's own query goes on as it came; the server checks it.
        query: query as PayCallbackPaymentQuery,
        headers: payToken ? { [LOANPAY_TOKEN_HEADER]: payToken } : {},
        signal,
      });
      return answer.data;
    },
    refetchInterval: (result) => (result.state.data?.status === 'pending' ? 3000 : false),
  });
}
