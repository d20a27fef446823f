import type { CrmAuditQuery } from '@zaymo/contract';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type AuditFilters = Omit<CrmAuditQuery, 'cursor'>;

/** Part 8: the log, newest first, a page at a time (`next_cursor`). */
export function useAuditLog(filters: AuditFilters) {
  return useInfiniteQuery({
    queryKey: ['crm', 'audit', filters],
    queryFn: ({ signal, pageParam }) =>
      api.get('/crm/audit', {
        query: { ...filters, ...(pageParam ? { cursor: pageParam } : {}) },
        signal,
      }),
    initialPageParam: '',
    getNextPageParam: (page) => page.data.next_cursor ?? undefined,
  });
}

/** The staff members the «Сотрудник» filter offers. */
export function useStaffChoices() {
  return useQuery({
    queryKey: ['crm', 'staff'],
    queryFn: ({ signal }) => api.get('/crm/staff', { signal }),
    select: (answer) => answer.data.staff,
  });
}
