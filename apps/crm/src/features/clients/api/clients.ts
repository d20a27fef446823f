import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const clientKeys = {
  search: (q: string) => ['crm', 'clients', 'search', q] as const,
  card: (clientId: number) => ['crm', 'clients', clientId, 'card'] as const,
  loans: (clientId: number) => ['crm', 'clients', clientId, 'loans'] as const,
};

/** Part 2: clients by phone, ФИО, contract or passport number; off until a query is given. */
export function useClientSearch(q: string) {
  return useQuery({
    queryKey: clientKeys.search(q),
    queryFn: ({ signal }) => api.get('/crm/clients', { query: { q }, signal }),
    enabled: q.length > 0,
    select: (answer) => answer.data.clients,
  });
}

/** Part 3: everything about one client but the money (each view is audited by the server). */
export function useClientCard(clientId: number) {
  return useQuery({
    queryKey: clientKeys.card(clientId),
    queryFn: ({ signal }) => api.get('/crm/clients/:id', { params: { id: clientId }, signal }),
    select: (answer) => answer.data,
  });
}

/** Orders with their history and scoring, loans with every ledger movement, payments, payouts. */
export function useClientLoans(clientId: number) {
  return useQuery({
    queryKey: clientKeys.loans(clientId),
    queryFn: ({ signal }) =>
      api.get('/crm/clients/:id/loans', { params: { id: clientId }, signal }),
    select: (answer) => answer.data.orders,
  });
}

/** «Показать» паспорт: the whole series and number, audited; kept on screen only. */
export function useRevealPassport(clientId: number) {
  return useMutation({
    mutationFn: () => api.post('/crm/clients/:id/passport', { params: { id: clientId } }),
  });
}

/** Part 6: the one-time link of the cabinet in operator mode, under the staff member's name. */
export function useOperatorLink(clientId: number) {
  return useMutation({
    mutationFn: () => api.post('/crm/clients/:id/operator-link', { params: { id: clientId } }),
  });
}
