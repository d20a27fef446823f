import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type autopayCardRequestSchema, type Card, type CardsResponse } from '@zaymo/contract';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { cardsKeys } from './keys';

type AutopayCardRequest = z.infer<typeof autopayCardRequestSchema>;
export type AutopayVariables = { cardId: number } & AutopayCardRequest;

async function fetchCards(signal: AbortSignal): Promise<Card[]> {
  const answer = await api.get('/clients/cards', { signal });
  return answer.data;
}

/** The client's bound cards, newest first (GET /clients/cards). */
export function useCards() {
  return useQuery({ queryKey: cardsKeys.list(), queryFn: ({ signal }) => fetchCards(signal) });
}

/** Every card call answers with the cards as they are now: show that, then refetch to be sure. */
function useCardsMutation<Variables>(send: (variables: Variables) => Promise<CardsResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (answer) => queryClient.setQueryData(cardsKeys.list(), answer.data),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: cardsKeys.all });
    },
  });
}

/** POST /clients/activate_card/{id}: money is paid out to this card from now on. */
export function useActivateCard() {
  return useCardsMutation((cardId: number) =>
    api.post('/clients/activate_card/:cardId', { params: { cardId } }),
  );
}

/** POST /clients/autopay_card/{id} {enabled}. */
export function useAutopayCard() {
  return useCardsMutation(({ cardId, enabled }: AutopayVariables) => {
    const body: AutopayCardRequest = { enabled };
    return api.post('/clients/autopay_card/:cardId', { params: { cardId }, body });
  });
}

/** DELETE /clients/cards/{id}. */
export function useDeleteCard() {
  return useCardsMutation((cardId: number) =>
    api.delete('/clients/cards/:cardId', { params: { cardId } }),
  );
}
