import { useMutation } from '@tanstack/react-query';
import { ROUTES } from '@/config/paths';
import { api } from '@/lib/api-client';

/**
 * GET /pay/link?referer=/profile/identity and off to the gateway's card page; the payCallback
 * screen brings the client back to the steps afterwards.
 */
export function useBindCard() {
  return useMutation({
    mutationFn: async () => {
      const answer = await api.get('/pay/link', {
        query: { referer: ROUTES.profileIdentity.path },
      });
      return answer.data.url;
    },
    onSuccess: (url) => window.location.assign(url),
  });
}
