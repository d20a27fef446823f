import { z } from 'zod';
import { safeText } from './common';
import { ACCEPTED_IMAGE_TYPES, MAX_UPLOAD_BYTES } from './identity';

/**
 * Support tickets: the client's questions to the company and the operators' answers. Paths are
 * relative to /api. Creating and replying are multipart (text fields + up to five files); every
 * other call is JSON. Another client's ticket or attachment answers 404.
 */

// ── Constants ──────────────────────────────────────────────────────────────────────────────────

/** The fixed list of topics, in the order the form offers them. */
export const TICKET_CATEGORIES = [
  'loan',
  'payment',
  'cards',
  'documents',
  'personal_data',
  'other',
] as const;
export type TicketCategory = (typeof TICKET_CATEGORIES)[number];
export const ticketCategorySchema = z.enum(TICKET_CATEGORIES, {
  error: 'Выберите тему обращения из списка',
});

export const TICKET_CATEGORY_TITLES: Readonly<Record<TicketCategory, string>> = {
  loan: 'Вопрос по займу',
  payment: 'Оплата и продление',
  cards: 'Карты',
  documents: 'Документы',
  personal_data: 'Личные данные',
  other: 'Другое',
};

/** open — waits for the company; answered — the operator replied; closed — resolved. */
export const TICKET_STATUSES = ['open', 'answered', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
export const ticketStatusSchema = z.enum(TICKET_STATUSES);

export const TICKET_AUTHORS = ['client', 'operator'] as const;
export type TicketAuthor = (typeof TICKET_AUTHORS)[number];

export const MAX_TICKET_ATTACHMENTS = 5;
/** Each attachment, checked by the server by its bytes (not by its name or declared type). */
export const MAX_ATTACHMENT_BYTES = MAX_UPLOAD_BYTES;

/** New tickets a client may open in a day. */
export const MAX_TICKETS_PER_DAY = 20;

/** The OpenAPI description of a ticket form (the cabinet's and the console's). */
export const TICKET_UPLOAD_DESCRIPTION =
  `multipart/form-data: текстовые поля и до ${MAX_TICKET_ATTACHMENTS} файлов в поле attachments — ` +
  `фото JPEG, PNG, WebP или PDF, до ${MAX_ATTACHMENT_BYTES / (1024 * 1024)} МБ каждый. Тип ` +
  'определяется по содержимому; фото перекодируются без метаданных, PDF хранятся как есть после ' +
  'проверки; файлы хранятся под именами, выданными сервером.';
export const ACCEPTED_ATTACHMENT_TYPES = [...ACCEPTED_IMAGE_TYPES, 'application/pdf'] as const;
export type AttachmentType = (typeof ACCEPTED_ATTACHMENT_TYPES)[number];

export const TICKET_SUBJECT_MIN = 3;
export const TICKET_SUBJECT_MAX = 150;
export const TICKET_TEXT_MAX = 5000;

// ── Fields ─────────────────────────────────────────────────────────────────────────────────────

const subjectSchema = safeText({ error: 'Укажите тему обращения' })
  .trim()
  .min(TICKET_SUBJECT_MIN, `Тема — не короче ${TICKET_SUBJECT_MIN} символов`)
  .max(TICKET_SUBJECT_MAX, `Тема — не длиннее ${TICKET_SUBJECT_MAX} символов`);

const textSchema = safeText({ error: 'Напишите сообщение' })
  .trim()
  .min(1, 'Напишите сообщение')
  .max(TICKET_TEXT_MAX, `Сообщение — не длиннее ${TICKET_TEXT_MAX} символов`);

/** POST /tickets/auth_create — the text fields of the multipart form; files go in `attachments`. */
export const createTicketFieldsSchema = z.object({
  category: ticketCategorySchema,
  subject: subjectSchema,
  text: textSchema,
});
export type CreateTicketFields = z.infer<typeof createTicketFieldsSchema>;

/** POST /tickets/{id}/messages — the text field of the multipart form; files in `attachments`. */
export const replyTicketFieldsSchema = z.object({ text: textSchema });
export type ReplyTicketFields = z.infer<typeof replyTicketFieldsSchema>;

/** The multipart field name of every file of a ticket message. */
export const TICKET_ATTACHMENT_FIELD = 'attachments';

// ── Answers ────────────────────────────────────────────────────────────────────────────────────

export const ticketAttachmentSchema = z.object({
  id: z.number().int(),
  /** The name the client's file had, for display only (the server stores it under its own). */
  name: z.string(),
  content_type: z.enum(ACCEPTED_ATTACHMENT_TYPES),
  size: z.number().int(),
  /** GET /{link}: «tickets/attachments/12», with the bearer token. */
  link: z.string(),
});
export type TicketAttachment = z.infer<typeof ticketAttachmentSchema>;

export const ticketMessageSchema = z.object({
  id: z.number().int(),
  author: z.enum(TICKET_AUTHORS),
  /** The operator who answered; null for the client's messages. */
  operator_name: z.string().nullable(),
  text: z.string(),
  created_at: z.string(),
  attachments: z.array(ticketAttachmentSchema),
});
export type TicketMessage = z.infer<typeof ticketMessageSchema>;

export const ticketSummarySchema = z.object({
  id: z.number().int(),
  status: ticketStatusSchema,
  category: ticketCategorySchema,
  subject: z.string(),
  created_at: z.string(),
  /** The time of the latest message: the list is sorted by it, newest first. */
  updated_at: z.string(),
  last_message: z.object({
    text: z.string(),
    author: z.enum(TICKET_AUTHORS),
    created_at: z.string(),
  }),
  /** An operator's answer the client has not opened yet. */
  has_unread_answer: z.boolean(),
});
export type TicketSummary = z.infer<typeof ticketSummarySchema>;

export const ticketDetailSchema = ticketSummarySchema.extend({
  messages: z.array(ticketMessageSchema),
});
export type TicketDetail = z.infer<typeof ticketDetailSchema>;

/** GET /tickets/get — the client's tickets, newest activity first. */
export const ticketsListResponseSchema = z.object({ data: z.array(ticketSummarySchema) });
export type TicketsListResponse = z.infer<typeof ticketsListResponseSchema>;

/** GET /tickets/{id} (marks the answers read) and POST /tickets/auth_create. */
export const ticketResponseSchema = z.object({ data: z.object({ ticket: ticketDetailSchema }) });
export type TicketResponse = z.infer<typeof ticketResponseSchema>;

/** POST /tickets/{id}/messages — the reply and the ticket as it is now. */
export const ticketReplyResponseSchema = z.object({
  data: z.object({ message: ticketMessageSchema, ticket: ticketSummarySchema }),
});
export type TicketReplyResponse = z.infer<typeof ticketReplyResponseSchema>;

const positiveId = (message: string) =>
  z.coerce
    .number({ error: message })
    .int(message)
    .positive(message)
    .max(2 ** 53 - 1, message);

export const ticketIdParamsSchema = z.object({ id: positiveId('Неверный номер обращения') });
export const ticketAttachmentParamsSchema = z.object({ id: positiveId('Неверный номер файла') });

// ── Sandbox ────────────────────────────────────────────────────────────────────────────────────

/** POST /dev/tickets/{id}/reply — sandbox only: an operator's answer, as `npm run crm:reply`. */
export const devTicketReplyRequestSchema = z.object({
  text: textSchema,
  operator: z
    .string({ error: 'Укажите имя оператора' })
    .trim()
    .min(1, 'Укажите имя оператора')
    .max(100, 'Имя оператора — не длиннее 100 символов'),
  close: z.boolean().optional(),
});
export type DevTicketReplyRequest = z.infer<typeof devTicketReplyRequestSchema>;
export const devTicketReplyResponseSchema = z.object({
  data: z.object({ ticket: ticketSummarySchema }),
});
