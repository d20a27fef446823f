import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  TICKET_ATTACHMENT_FIELD,
  type CreateTicketFields,
  type TicketDetail,
} from '@zaymo/contract';
import { api, uploadWithProgress } from '@/lib/api-client';
import { ticketsKeys } from './keys';

/** GET /tickets/get: newest activity first. */
export function useTickets() {
  return useQuery({
    queryKey: ticketsKeys.list(),
    queryFn: async ({ signal }) => {
      const answer = await api.get('/tickets/get', { signal });
      return answer.data;
    },
  });
}

/**
 * GET /tickets/{id}: the conversation. Opening it reads the answers on the server, so the list
 * (with its «new answer» marks) is asked again.
 */
export function useTicket(ticketId: number) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ticketsKeys.detail(ticketId),
    queryFn: async ({ signal }): Promise<TicketDetail> => {
      const answer = await api.get('/tickets/:id', { params: { id: ticketId }, signal });
      void queryClient.invalidateQueries({ queryKey: ticketsKeys.lists() });
      return answer.data.ticket;
    },
  });
}

type Upload = { files: readonly File[]; onProgress: (percent: number) => void };
export type NewTicket = CreateTicketFields & Upload;
export type TicketReply = { text: string } & Upload;

function formWith(fields: Record<string, string>, files: readonly File[]): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append(TICKET_ATTACHMENT_FIELD, file, file.name);
  return form;
}

/** POST /tickets/auth_create (multipart) with upload progress. */
export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ files, onProgress, ...fields }: NewTicket) => {
      const answer = await uploadWithProgress('/tickets/auth_create', formWith(fields, files), {
        onProgress,
      });
      return answer.data.ticket;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketsKeys.all }),
  });
}

/** POST /tickets/{id}/messages (multipart): the reply; an answered ticket is open again. */
export function useReplyToTicket(ticketId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ files, onProgress, text }: TicketReply) => {
      const answer = await uploadWithProgress('/tickets/:id/messages', formWith({ text }, files), {
        params: { id: ticketId },
        onProgress,
      });
      return answer.data;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketsKeys.all }),
  });
}

/** An attachment's bytes, fetched with the bearer token (GET /{link}). */
export async function fetchAttachment(link: string, type: string, signal?: AbortSignal) {
  const bytes = await api.getBinary(link, signal ? { signal } : {});
  return new Blob([bytes], { type });
}
