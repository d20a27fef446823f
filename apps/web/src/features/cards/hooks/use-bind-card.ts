import { useMutation } from '@tanstack/react-query';
import { showErrorNotice } from '@/lib/error-notice';
import { fetchPayLink } from '../api/pay-link';
import { goToGateway } from '../lib/go-to-gateway';
import { DEFAULT_PAY_REFERER, savePayReferer } from '../lib/pay-referer';

/**
 * Sends the client to the gateway's card page; /pay/callback brings them back to `referer`
 * (a page of ours: «/cards», «/profile/identity»). Call errors show as the error notice.
 */
export function useBindCard(referer: string = DEFAULT_PAY_REFERER) {
  const mutation = useMutation({
    mutationFn: () => fetchPayLink(referer),
    onSuccess: (url) => {
      savePayReferer(referer);
      goToGateway(url);
    },
    onError: (error) => showErrorNotice(error),
  });
  return {
    bind: () => mutation.mutate(),
    // Still busy after success: the page is being replaced by the gateway's.
    isPending: mutation.isPending || mutation.isSuccess,
    error: mutation.error,
  };
}
