import {
  ACCEPTED_ATTACHMENT_TYPES,
  CRM_TICKETS_PAGE_SIZE,
  TICKET_AUTHORS,
  type CrmInboxTicket,
  type CrmTicketAttachment,
  type CrmTicketDetail,
  type CrmTicketMessage,
  type CrmTicketsQuery,
} from '@zaymo/contract';
import { and, desc, eq, lt, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context';
import {
  clients,
  ticketMessages,
  tickets,
  type TicketAttachmentRow,
  type TicketMessageRow,
  type TicketRow,
} from '../../db/schema';
import { AppError } from '../../errors';
import { attachmentFile, type AttachmentDownload } from '../tickets';
import { presentSummary } from '../tickets/present';
import {
  attachmentById,
  attachmentsOfMessages,
  messagesByIds,
  ticketById,
  ticketConversation,
} from '../tickets/store';

/*
 * The console's tickets inbox: every client's tickets, unanswered (`open`)
 * first, then by the latest message, newest first (tickets_inbox_idx). Writing goes through the
 * tickets service (answerTicketWithFiles, closeTicket), the same rules as crm:reply.
 */

type InboxContext = Pick<AppContext, 'db'>;

const authorSchema = z.enum(TICKET_AUTHORS);
const contentTypeSchema = z.enum(ACCEPTED_ATTACHMENT_TYPES);

/** True for an unanswered ticket: the inbox's first key (tickets_inbox_idx has it too). */
const unansweredKey = sql<boolean>`(${tickets.status} = 'open')`;

interface Cursor {
  unanswered: boolean;
  at: Date;
  id: number;
}

const encodeCursor = (row: TicketRow): string =>
  `${row.status === 'open' ? 1 : 0}.${row.lastActivityAt.getTime()}.${row.id}`;

function decodeCursor(cursor: string): Cursor {
  const [unanswered, at, id] = cursor.split('.').map(Number);
  return { unanswered: unanswered === 1, at: new Date(at ?? 0), id: id ?? 0 };
}

/** The rows after the cursor in the inbox's order. */
function after(cursor: Cursor): SQL | undefined {
  const sameGroupLater = and(
    eq(unansweredKey, cursor.unanswered),
    or(
      lt(tickets.lastActivityAt, cursor.at),
      and(eq(tickets.lastActivityAt, cursor.at), lt(tickets.id, cursor.id)),
    ),
  );
  return cursor.unanswered ? or(eq(unansweredKey, false), sameGroupLater) : sameGroupLater;
}

export function fullName(client: {
  surname: string | null;
  name: string | null;
  patronymic: string | null;
}): string | null {
  const parts = [client.surname, client.name, client.patronymic].filter(Boolean);
  return parts.length > 0 ? parts.join(' ') : null;
}

type InboxClient = Pick<
  typeof clients.$inferSelect,
  'id' | 'phone' | 'surname' | 'name' | 'patronymic'
>;

const clientColumns = {
  id: clients.id,
  phone: clients.phone,
  surname: clients.surname,
  name: clients.name,
  patronymic: clients.patronymic,
};

function presentInboxTicket(
  row: TicketRow,
  last: TicketMessageRow,
  client: InboxClient,
): CrmInboxTicket {
  // The cabinet's summary without the client's unread mark; its `updated_at` is the latest message.
  const {
    updated_at: lastMessageAt,
    has_unread_answer: _unread,
    ...summary
  } = presentSummary(row, last);
  return {
    ...summary,
    last_message_at: lastMessageAt,
    client: { id: client.id, phone: client.phone, full_name: fullName(client) },
  };
}

/** The inbox's query: one page and one row more (exported for the query-plan test). */
export function inboxQuery(ctx: InboxContext, query: CrmTicketsQuery) {
  const where: SQL[] = [];
  if (query.status !== undefined) where.push(eq(tickets.status, query.status));
  const cursorCondition =
    query.cursor === undefined ? undefined : after(decodeCursor(query.cursor));
  if (cursorCondition) where.push(cursorCondition);
  return ctx.db
    .select({ ticket: tickets, last: ticketMessages, client: clientColumns })
    .from(tickets)
    .innerJoin(ticketMessages, eq(ticketMessages.id, tickets.lastMessageId))
    .innerJoin(clients, eq(clients.id, tickets.clientId))
    .where(and(...where))
    .orderBy(desc(unansweredKey), desc(tickets.lastActivityAt), desc(tickets.id))
    .limit(CRM_TICKETS_PAGE_SIZE + 1);
}

/** GET /crm/tickets: one page of the inbox and the cursor of the next (null at the end). */
export async function ticketsInbox(
  ctx: InboxContext,
  query: CrmTicketsQuery,
): Promise<{ tickets: CrmInboxTicket[]; next_cursor: string | null }> {
  const rows = await inboxQuery(ctx, query);
  const page = rows.slice(0, CRM_TICKETS_PAGE_SIZE);
  const lastRow = page.at(-1);
  return {
    tickets: page.map(({ ticket, last, client }) => presentInboxTicket(ticket, last, client)),
    next_cursor:
      rows.length > CRM_TICKETS_PAGE_SIZE && lastRow ? encodeCursor(lastRow.ticket) : null,
  };
}

/** GET with the staff token: the file of a ticket's attachment. */
export function crmAttachmentUrl(ticketId: number, attachmentId: number): string {
  return `/api/crm/tickets/${ticketId}/attachments/${attachmentId}`;
}

function presentAttachment(ticketId: number, row: TicketAttachmentRow): CrmTicketAttachment {
  return {
    id: row.id,
    name: row.originalName,
    content_type: contentTypeSchema.parse(row.contentType),
    size: row.size,
    url: crmAttachmentUrl(ticketId, row.id),
  };
}

/** A message as staff read it: the operator's name on both sides (operator mode included). */
export function presentCrmMessage(
  row: TicketMessageRow,
  attachments: readonly TicketAttachmentRow[],
): CrmTicketMessage {
  return {
    id: row.id,
    author: authorSchema.parse(row.author),
    operator_name: row.operatorName,
    text: row.text,
    created_at: row.createdAt.toISOString(),
    attachments: attachments
      .filter((file) => file.messageId === row.id)
      .map((file) => presentAttachment(row.ticketId, file)),
  };
}

async function clientOf(ctx: InboxContext, clientId: number): Promise<InboxClient> {
  const [client] = await ctx.db.select(clientColumns).from(clients).where(eq(clients.id, clientId));
  if (!client) throw new Error(`ticket client ${clientId} not found`);
  return client;
}

/** A ticket as the inbox lists it, after a change (its latest message looked up). */
export async function inboxTicket(ctx: InboxContext, row: TicketRow): Promise<CrmInboxTicket> {
  const last =
    row.lastMessageId === null
      ? undefined
      : (await messagesByIds(ctx.db, [row.lastMessageId])).get(row.lastMessageId);
  if (!last) throw new Error(`ticket ${row.id} has no messages`);
  return presentInboxTicket(row, last, await clientOf(ctx, row.clientId));
}

export async function findTicket(ctx: InboxContext, ticketId: number): Promise<TicketRow> {
  const row = await ticketById(ctx.db, ticketId);
  if (!row) throw new AppError('TICKET_NOT_FOUND');
  return row;
}

/** GET /crm/tickets/:id: the conversation, oldest first; the client's unread mark is kept. */
export async function crmTicketDetail(
  ctx: InboxContext,
  ticketId: number,
): Promise<CrmTicketDetail> {
  const row = await findTicket(ctx, ticketId);
  const messages = await ticketConversation(ctx.db, row.id);
  const attachments = await attachmentsOfMessages(
    ctx.db,
    messages.map((message) => message.id),
  );
  return {
    ...(await inboxTicket(ctx, row)),
    messages: messages.map((message) => presentCrmMessage(message, attachments)),
  };
}

/** GET /crm/tickets/:id/attachments/:attachmentId: a file of that ticket; any other is 404. */
export async function crmAttachmentDownload(
  ctx: Pick<AppContext, 'db' | 'config'>,
  ticketId: number,
  attachmentId: number,
): Promise<AttachmentDownload> {
  const row = await attachmentById(ctx.db, attachmentId);
  const message = row ? (await messagesByIds(ctx.db, [row.messageId])).get(row.messageId) : null;
  if (!row || message?.ticketId !== ticketId) {
    throw new AppError('FILE_NOT_FOUND');
  }
  return attachmentFile(ctx, row);
}
