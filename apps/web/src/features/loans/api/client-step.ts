import type { QueryClient } from '@tanstack/react-query';
import { IDENTITY_COMPLETE_STEP } from '@zaymo/contract';
import { api } from '@/lib/api-client';
import { clientStepKeys } from './keys';

/** GET /clients/step, fresh: whether every identity step (card included) is done. */
export async function isIdentityComplete(queryClient: QueryClient): Promise<boolean> {
  const step = await queryClient.fetchQuery({
    queryKey: clientStepKeys.all,
    staleTime: 0,
    queryFn: async ({ signal }) => {
      const answer = await api.get('/clients/step', { signal });
      return answer.data.step_data.step_value;
    },
  });
  return step !== null && step >= IDENTITY_COMPLETE_STEP;
}
