import { useQuery } from '@tanstack/react-query';
import { type ClientDocument } from '@zaymo/contract';
import { api } from '@/lib/api-client';
import { clientDocumentsKeys } from './keys';

/** GET /documents/client_docs: every document of the client by the four groups. */
export function useClientDocs() {
  return useQuery({
    queryKey: clientDocumentsKeys.list({ view: 'groups' }),
    queryFn: async ({ signal }) => {
      const answer = await api.get('/documents/client_docs', { signal });
      return answer.data;
    },
  });
}

/** GET /documents/loan_documents/{ids}: the documents of one loan (its order ids). */
export function useLoanDocuments(orderIds: readonly number[]) {
  const ids = orderIds.join(',');
  return useQuery({
    queryKey: clientDocumentsKeys.list({ view: 'loan', ids }),
    queryFn: async ({ signal }): Promise<ClientDocument[]> => {
      const answer = await api.get('/documents/loan_documents/:ids', { params: { ids }, signal });
      return answer.data;
    },
  });
}
