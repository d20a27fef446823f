import type { TicketAuthor } from '@zaymo/contract';
import { and, asc, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db';
import type { Transaction } from '../../db/locks';
import {
  ticketAttachments,
  ticketMessages,
  tickets,
  type TicketAttachmentRow,
  type TicketMessageRow,
  type TicketRow,
} from '../../db/schema';

/** A database handle or an open transaction (inside one, use only the transaction). */
export type TicketsDb = Database | Transaction;

export async function ticketById(db: TicketsDb, ticketId: number): Promise<TicketRow | null> {
  const [row] = await db.select().from(tickets).where(eq(tickets.id, ticketId));
  return row ?? null;
}

/** The ticket row, locked until the transaction ends: replies to one ticket take turns. */
export async function lockTicket(tx: Transaction, ticketId: number): Promise<TicketRow | null> {
  const [row] = await tx.select().from(tickets).where(eq(tickets.id, ticketId)).for('update');
  return row ?? null;
}

/** Newest activity first; among equal times the newer ticket first. */
export function clientTickets(db: TicketsDb, clientId: number): Promise<TicketRow[]> {
  return db
    .select()
    .from(tickets)
    .where(eq(tickets.clientId, clientId))
    .orderBy(desc(tickets.lastActivityAt), desc(tickets.id));
}

export async function messagesByIds(
  db: TicketsDb,
  ids: readonly number[],
): Promise<Map<number, TicketMessageRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(ticketMessages)
    .where(inArray(ticketMessages.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row]));
}

export function ticketConversation(db: TicketsDb, ticketId: number): Promise<TicketMessageRow[]> {
  return db
    .select()
    .from(ticketMessages)
    .where(eq(ticketMessages.ticketId, ticketId))
    .orderBy(asc(ticketMessages.id));
}

export async function attachmentsOfMessages(
  db: TicketsDb,
  messageIds: readonly number[],
): Promise<TicketAttachmentRow[]> {
  if (messageIds.length === 0) return [];
  return db
    .select()
    .from(ticketAttachments)
    .where(inArray(ticketAttachments.messageId, [...messageIds]))
    .orderBy(asc(ticketAttachments.id));
}

export async function attachmentById(
  db: TicketsDb,
  attachmentId: number,
): Promise<TicketAttachmentRow | null> {
  const [row] = await db
    .select()
    .from(ticketAttachments)
    .where(eq(ticketAttachments.id, attachmentId));
  return row ?? null;
}

export async function ticketsCreatedSince(
  db: TicketsDb,
  clientId: number,
  since: Date,
): Promise<{ count: number; oldest: Date | null }> {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      oldest: sql<Date | string | null>`min(${tickets.createdAt})`,
    })
    .from(tickets)
    .where(and(eq(tickets.clientId, clientId), gte(tickets.createdAt, since)));
  return { count: row?.count ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
}

export interface NewTicket {
  clientId: number;
  category: string;
  subject: string;
  createdAt: Date;
}

/** A new ticket is open; its latest-message ids are set once the first message exists. */
export async function insertTicketRow(tx: Transaction, ticket: NewTicket): Promise<TicketRow> {
  const [row] = await tx
    .insert(tickets)
    .values({ ...ticket, status: 'open', lastActivityAt: ticket.createdAt })
    .returning();
  if (!row) throw new Error('tickets row not returned');
  return row;
}

export interface NewMessage {
  ticketId: number;
  author: TicketAuthor;
  operatorName: string | null;
  text: string;
  createdAt: Date;
}

export async function insertMessage(tx: Transaction, message: NewMessage) {
  const [row] = await tx.insert(ticketMessages).values(message).returning();
  if (!row) throw new Error('ticket_messages row not returned');
  return row;
}

export interface StoredAttachment {
  storageName: string;
  originalName: string;
  contentType: string;
  size: number;
  sha256: string;
}

export async function insertAttachments(
  tx: Transaction,
  message: TicketMessageRow,
  clientId: number,
  files: readonly StoredAttachment[],
): Promise<TicketAttachmentRow[]> {
  if (files.length === 0) return [];
  return tx
    .insert(ticketAttachments)
    .values(
      files.map((file) => ({
        ...file,
        messageId: message.id,
        clientId,
        createdAt: message.createdAt,
      })),
    )
    .returning();
}

export async function updateTicket(
  tx: TicketsDb,
  ticketId: number,
  changes: Partial<Omit<TicketRow, 'id' | 'clientId'>>,
): Promise<TicketRow> {
  const [row] = await tx.update(tickets).set(changes).where(eq(tickets.id, ticketId)).returning();
  if (!row) throw new Error('tickets row not updated');
  return row;
}
