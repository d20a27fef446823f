import { useCallback, useRef, useState } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { notify } from '@/stores/notifications';
import { ordersKeys } from '../../api/keys';
import { isDefiniteFailure } from '../../api/payout';
import { goToGateway } from '../lib/gateway';
import { PaymentAttempt } from '../lib/payment-attempt';
import { useSbpPaymentStore } from '../lib/sbp-payment';
import { historyKeys, prolongationKeys } from './keys';
import { payLoan, type PayLoanAnswer, type PayLoanRequest } from './servicing';

/** The loan's data after money moved: orders (balance, status), history, prolongation terms. */
export async function refreshLoanData(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ordersKeys.all }),
    queryClient.invalidateQueries({ queryKey: historyKeys.all }),
    queryClient.invalidateQueries({ queryKey: prolongationKeys.all }),
  ]);
}

/**
 * The answer shown as a toast; the gateway page opened when the answer asks for it; a СБП
 * payment's QR code and link shown (and its status polled) by SbpPaymentPanel.
 */
export function announcePayment(answer: PayLoanAnswer, payToken: string | null = null): void {
  if (answer.status === 'sbp') {
    if (answer.sbp) useSbpPaymentStore.getState().show(answer.sbp, payToken);
    return;
  }
  if (answer.status === 'redirect') {
    if (answer.url) goToGateway(answer.url);
    return;
  }
  const fallback = i18next.t(`servicing:result.${answer.status}`);
  notify({
    message: answer.message || fallback,
    type: answer.status === 'declined' ? 'error' : 'success',
  });
}

/**
 * Pays a loan with one Idempotency-Key per attempt: a repeat after a lost answer reuses the key,
 * an answer or a definite refusal ends the attempt. Every outcome refreshes the loan's data.
 */
export function useLoanPayment() {
  const queryClient = useQueryClient();
  const attempt = useRef<PaymentAttempt | null>(null);
  const [paying, setPaying] = useState(false);
  const pay = useCallback(
    async (request: PayLoanRequest): Promise<PayLoanAnswer> => {
      attempt.current ??= new PaymentAttempt();
      const current = attempt.current;
      setPaying(true);
      try {
        const answer = await payLoan(request, current.keyFor(request));
        current.end();
        return answer;
      } catch (error) {
        if (isDefiniteFailure(error)) current.end();
        throw error;
      } finally {
        setPaying(false);
        void refreshLoanData(queryClient);
      }
    },
    [queryClient],
  );
  return { pay, paying };
}
