import {
  ACCEPTED_ATTACHMENT_TYPES,
  TICKET_AUTHORS,
  ticketCategorySchema,
  ticketStatusSchema,
  type TicketAttachment,
  type TicketDetail,
  type TicketMessage,
  type TicketSummary,
} from '@zaymo/contract';
import { z } from 'zod';
import type { TicketAttachmentRow, TicketMessageRow, TicketRow } from '../../db/schema';

const authorSchema = z.enum(TICKET_AUTHORS);
const contentTypeSchema = z.enum(ACCEPTED_ATTACHMENT_TYPES);

/** GET /{link} answers the file: «tickets/attachments/12». */
export function attachmentLink(attachmentId: number): string {
  return `tickets/attachments/${attachmentId}`;
}

export function presentAttachment(row: TicketAttachmentRow): TicketAttachment {
  return {
    id: row.id,
    name: row.originalName,
    content_type: contentTypeSchema.parse(row.contentType),
    size: row.size,
    link: attachmentLink(row.id),
  };
}

export function presentMessage(
  row: TicketMessageRow,
  attachments: readonly TicketAttachmentRow[],
): TicketMessage {
  const author = authorSchema.parse(row.author);
  return {
    id: row.id,
    author,
    // A CRM operator writing for the client is recorded, but the client sees their own message.
    operator_name: author === 'operator' ? row.operatorName : null,
    text: row.text,
    created_at: row.createdAt.toISOString(),
    attachments: attachments.filter((file) => file.messageId === row.id).map(presentAttachment),
  };
}

export function hasUnreadAnswer(row: TicketRow): boolean {
  if (row.lastOperatorMessageId === null) return false;
  return (row.clientSeenMessageId ?? 0) < row.lastOperatorMessageId;
}

export function presentSummary(row: TicketRow, lastMessage: TicketMessageRow): TicketSummary {
  return {
    id: row.id,
    status: ticketStatusSchema.parse(row.status),
    category: ticketCategorySchema.parse(row.category),
    subject: row.subject,
    created_at: row.createdAt.toISOString(),
    updated_at: row.lastActivityAt.toISOString(),
    last_message: {
      text: lastMessage.text,
      author: authorSchema.parse(lastMessage.author),
      created_at: lastMessage.createdAt.toISOString(),
    },
    has_unread_answer: hasUnreadAnswer(row),
  };
}

export function presentDetail(
  row: TicketRow,
  messages: readonly TicketMessageRow[],
  attachments: readonly TicketAttachmentRow[],
): TicketDetail {
  const last = messages.at(-1);
  if (!last) throw new Error(`ticket ${row.id} has no messages`);
  return {
    ...presentSummary(row, last),
    messages: messages.map((message) => presentMessage(message, attachments)),
  };
}
