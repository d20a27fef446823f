import type {
  CrmAddPromiseRequest,
  CrmAddProtectionRequest,
  CrmCollectionsQuery,
  CrmLogContactRequest,
  CrmProposeWaiverRequest,
  CrmWaiverDecisionRequest,
  WaiverState,
} from '@zaymo/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type QueueFilters = Omit<CrmCollectionsQuery, 'cursor'>;

const collectionsKey = ['crm', 'collections'] as const;

/** «Просрочка»: the longest overdue first, a page at a time (`next_cursor`). */
export function useOverdueQueue(filters: QueueFilters) {
  return useInfiniteQuery({
    queryKey: [...collectionsKey, 'queue', filters],
    queryFn: ({ signal, pageParam }) =>
      api.get('/crm/collections', {
        query: { ...filters, ...(pageParam ? { cursor: pageParam } : {}) },
        signal,
      }),
    initialPageParam: '',
    getNextPageParam: (page) => page.data.next_cursor ?? undefined,
  });
}

export function useCollectors() {
  return useQuery({
    queryKey: [...collectionsKey, 'collectors'],
    queryFn: ({ signal }) => api.get('/crm/collections/collectors', { signal }),
    select: (answer) => answer.data.collectors,
  });
}

/** One loan in collection; asked again every minute (the allowed hours move with the clock). */
export function useCollectionLoan(orderId: number) {
  return useQuery({
    queryKey: [...collectionsKey, 'loan', orderId],
    queryFn: ({ signal }) => api.get('/crm/collections/:orderId', { params: { orderId }, signal }),
    select: (answer) => answer.data,
    refetchInterval: 60_000,
  });
}

function useCollectionsMutation<T>(mutationFn: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // A refusal changes nothing, but the next allowed moment is asked again either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: collectionsKey }),
  });
}

export function useLogContact(orderId: number) {
  return useCollectionsMutation((body: CrmLogContactRequest) =>
    api.post('/crm/collections/:orderId/contacts', { params: { orderId }, body }),
  );
}

export function useAssignCollector(orderId: number) {
  return useCollectionsMutation((staffId: number | null) =>
    api.post('/crm/collections/:orderId/assign', {
      params: { orderId },
      body: { staff_id: staffId },
    }),
  );
}

export function useAddProtection(orderId: number) {
  return useCollectionsMutation((body: CrmAddProtectionRequest) =>
    api.post('/crm/collections/:orderId/protections', { params: { orderId }, body }),
  );
}

export function useAddPromise(orderId: number) {
  return useCollectionsMutation((body: CrmAddPromiseRequest) =>
    api.post('/crm/collections/:orderId/promises', { params: { orderId }, body }),
  );
}

export function useProposeWaiver(orderId: number) {
  return useCollectionsMutation((body: CrmProposeWaiverRequest) =>
    api.post('/crm/collections/:orderId/waivers', { params: { orderId }, body }),
  );
}

/** «Согласование»: the proposals waiting, or those decided one way. */
export function useWaivers(state: WaiverState) {
  return useQuery({
    queryKey: [...collectionsKey, 'waivers', state],
    queryFn: ({ signal }) =>
      api.get('/crm/waivers', { query: state === 'pending' ? {} : { state }, signal }),
    select: (answer) => answer.data.waivers,
  });
}

export function useDecideWaiver() {
  return useCollectionsMutation(({ id, ...body }: CrmWaiverDecisionRequest & { id: number }) =>
    api.post('/crm/waivers/:id/decision', { params: { id }, body }),
  );
}
