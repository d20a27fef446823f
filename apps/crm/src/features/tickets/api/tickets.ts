import type { CrmTicketDetail, CrmTicketResponse, TicketStatus } from '@zaymo/contract';
import { TICKET_ATTACHMENT_FIELD } from '@zaymo/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, uploadWithProgress } from '@/lib/api-client';

export const ticketKeys = {
  inboxes: ['crm', 'tickets', 'inbox'] as const,
  inbox: (status: TicketStatus | undefined) => ['crm', 'tickets', 'inbox', status ?? ''] as const,
  ticket: (ticketId: number) => ['crm', 'tickets', ticketId] as const,
};

/** Part 5: the inbox — unanswered first, then by the latest message; a page at a time. */
export function useInbox(status: TicketStatus | undefined) {
  return useInfiniteQuery({
    queryKey: ticketKeys.inbox(status),
    queryFn: ({ signal, pageParam }) =>
      api.get('/crm/tickets', {
        query: { ...(status ? { status } : {}), ...(pageParam ? { cursor: pageParam } : {}) },
        signal,
      }),
    initialPageParam: '',
    getNextPageParam: (page) => page.data.next_cursor ?? undefined,
  });
}

/** One conversation, oldest message first. */
export function useTicket(ticketId: number) {
  return useQuery({
    queryKey: ticketKeys.ticket(ticketId),
    queryFn: ({ signal }) => api.get('/crm/tickets/:id', { params: { id: ticketId }, signal }),
    select: (answer) => answer.data.ticket,
  });
}

function useTicketUpdate(ticketId: number) {
  const client = useQueryClient();
  return (update: (ticket: CrmTicketDetail) => CrmTicketDetail) => {
    client.setQueryData<CrmTicketResponse>(ticketKeys.ticket(ticketId), (answer) =>
      answer ? { data: { ticket: update(answer.data.ticket) } } : answer,
    );
    // The ticket is as the answer says; the inbox's order and statuses are the server's.
    void client.invalidateQueries({ queryKey: ticketKeys.inboxes });
  };
}

export type Reply = { text: string; files: File[]; onProgress: (percent: number) => void };

/** The answer: text and files (multipart, with upload progress); the ticket becomes answered. */
export function useReply(ticketId: number) {
  const update = useTicketUpdate(ticketId);
  return useMutation({
    mutationFn: ({ text, files, onProgress }: Reply) => {
      const form = new FormData();
      form.append('text', text);
      for (const file of files) form.append(TICKET_ATTACHMENT_FIELD, file);
      return uploadWithProgress('/crm/tickets/:id/messages', form, {
        params: { id: ticketId },
        onProgress,
      });
    },
    onSuccess: ({ data }) =>
      update((ticket) => ({
        ...ticket,
        ...data.ticket,
        messages: [...ticket.messages, data.message],
      })),
  });
}

/** «Закрыть обращение». */
export function useCloseTicket(ticketId: number) {
  const update = useTicketUpdate(ticketId);
  return useMutation({
    mutationFn: () => api.post('/crm/tickets/:id/close', { params: { id: ticketId } }),
    onSuccess: ({ data }) => update((ticket) => ({ ...ticket, ...data.ticket })),
  });
}
