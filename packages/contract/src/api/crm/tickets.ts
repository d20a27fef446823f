import { z } from 'zod';
import { isTimeInRange } from '../common';
import {
  ACCEPTED_ATTACHMENT_TYPES,
  TICKET_AUTHORS,
  ticketCategorySchema,
  ticketIdParamsSchema,
  ticketStatusSchema,
} from '../tickets';

/**
 * The console's tickets inbox (operator and up). Every client's tickets; the
 * answer goes through the same tickets service as `npm run crm:reply` (the client sees it in the
 * cabinet as an unread answer) and is written to the audit log with the staff member's name.
 * Replying is multipart like the cabinet's: the field `text` (replyTicketFieldsSchema) and up to
 * MAX_TICKET_ATTACHMENTS files in `attachments` (TICKET_ATTACHMENT_FIELD), the same types and
 * limits. Times are ISO strings.
 */

export const CRM_TICKETS_PAGE_SIZE = 50;

/**
 * GET /crm/tickets — unanswered (`open`: the client wrote last) first, then the others; within
 * each, the latest message first. `status` keeps one status only; `cursor` is `next_cursor` of
 * the page before (opaque).
 */
export const crmTicketsQuerySchema = z.object({
  status: ticketStatusSchema.optional(),
  cursor: z
    .string()
    .regex(/^[01]\.\d{1,16}\.\d{1,16}$/, 'Неверный курсор')
    .refine(isInboxCursor, 'Неверный курсор')
    .optional(),
});
/** «unanswered.time.id»: the time a real one within DATE_YEARS, the id a safe integer. */
function isInboxCursor(cursor: string): boolean {
  const [, at, id] = cursor.split('.').map(Number);
  return Number.isSafeInteger(at) && Number.isSafeInteger(id) && isTimeInRange(new Date(at ?? NaN));
}
export type CrmTicketsQuery = z.infer<typeof crmTicketsQuerySchema>;

export const crmTicketClientSchema = z.object({
  id: z.number().int(),
  /** As the card shows it: «+79121234567». */
  phone: z.string(),
  /** «Петров Иван Сергеевич»; null before the client gave their name. */
  full_name: z.string().nullable(),
});

/** One row of the inbox. `open` — waits for an answer; `answered`; `closed`. */
export const crmInboxTicketSchema = z.object({
  id: z.number().int(),
  status: ticketStatusSchema,
  category: ticketCategorySchema,
  subject: z.string(),
  created_at: z.string(),
  /** The time of the latest message (the inbox's order). */
  last_message_at: z.string(),
  last_message: z.object({
    author: z.enum(TICKET_AUTHORS),
    text: z.string(),
    created_at: z.string(),
  }),
  client: crmTicketClientSchema,
});
export type CrmInboxTicket = z.infer<typeof crmInboxTicketSchema>;

export const crmTicketsResponseSchema = z.object({
  data: z.object({
    tickets: z.array(crmInboxTicketSchema),
    next_cursor: z.string().nullable(),
  }),
});
export type CrmTicketsResponse = z.infer<typeof crmTicketsResponseSchema>;

export const crmTicketAttachmentSchema = z.object({
  id: z.number().int(),
  /** The client's (or staff member's) file name, for display only. */
  name: z.string(),
  content_type: z.enum(ACCEPTED_ATTACHMENT_TYPES),
  size: z.number().int(),
  /** GET with the staff token: «/api/crm/tickets/12/attachments/34» (PDF downloaded, image shown). */
  url: z.string(),
});
export type CrmTicketAttachment = z.infer<typeof crmTicketAttachmentSchema>;

export const crmTicketMessageSchema = z.object({
  id: z.number().int(),
  author: z.enum(TICKET_AUTHORS),
  /**
   * An operator's message: the staff member who answered. A client's message: the operator who
   * wrote it in the client's cabinet (operator mode), else null.
   */
  operator_name: z.string().nullable(),
  text: z.string(),
  created_at: z.string(),
  attachments: z.array(crmTicketAttachmentSchema),
});
export type CrmTicketMessage = z.infer<typeof crmTicketMessageSchema>;

export const crmTicketDetailSchema = crmInboxTicketSchema.extend({
  /** Oldest first. */
  messages: z.array(crmTicketMessageSchema),
});
export type CrmTicketDetail = z.infer<typeof crmTicketDetailSchema>;

/** GET /crm/tickets/:id — the conversation (opening it does not mark the answers read). */
export const crmTicketResponseSchema = z.object({
  data: z.object({ ticket: crmTicketDetailSchema }),
});
export type CrmTicketResponse = z.infer<typeof crmTicketResponseSchema>;

/**
 * POST /crm/tickets/:id/messages (multipart: text, attachments) — the answer; the ticket becomes
 * `answered` (a closed one too, as with crm:reply).
 */
export const crmTicketReplyResponseSchema = z.object({
  data: z.object({ message: crmTicketMessageSchema, ticket: crmInboxTicketSchema }),
});
export type CrmTicketReplyResponse = z.infer<typeof crmTicketReplyResponseSchema>;

/** POST /crm/tickets/:id/close — the ticket closed (closing a closed one changes nothing). */
export const crmTicketCloseResponseSchema = z.object({
  data: z.object({ ticket: crmInboxTicketSchema }),
});
export type CrmTicketCloseResponse = z.infer<typeof crmTicketCloseResponseSchema>;

export const crmTicketIdParamsSchema = ticketIdParamsSchema;
export const crmTicketAttachmentParamsSchema = ticketIdParamsSchema.extend({
  attachmentId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});
