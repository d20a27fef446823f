import {
  createTicketFieldsSchema,
  MAX_TICKETS_PER_DAY,
  replyTicketFieldsSchema,
  type TicketDetail,
  type TicketMessage,
  type TicketSummary,
} from '@zaymo/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import type { Transaction } from '../../db/locks';
import type { TicketAttachmentRow, TicketMessageRow, TicketRow } from '../../db/schema';
import { AppError } from '../../errors';
import { parseRequestPart } from '../../validation';
import { enforceRateLimit } from '../rate-limit';
import {
  prepareAttachments,
  removeAttachments,
  writeAttachments,
  type TicketUpload,
} from './attachments';
import { presentDetail, presentMessage, presentSummary } from './present';
import {
  attachmentsOfMessages,
  clientTickets,
  insertAttachments,
  insertMessage,
  insertTicketRow,
  lockTicket,
  messagesByIds,
  ticketById,
  ticketConversation,
  ticketsCreatedSince,
  updateTicket,
  type StoredAttachment,
  type TicketsDb,
} from './store';

type TicketsContext = Pick<AppContext, 'db' | 'config' | 'clock'>;

/** Who writes: the client, or a CRM operator acting for them (`operatorName` set). */
export interface TicketActor {
  clientId: number;
  operatorName: string | null;
}

/** Called when a client asks for another client's ticket or file (a security line). */
export type TicketAccessDenied = (resource: 'ticket' | 'ticket_attachment', id: number) => void;

const DAY_MS = 24 * 60 * 60 * 1000;

/** GET /tickets/get: newest activity first, each with its latest message. */
export async function listTickets(db: TicketsDb, clientId: number): Promise<TicketSummary[]> {
  const rows = await clientTickets(db, clientId);
  const latest = await messagesByIds(
    db,
    rows.flatMap((row) => (row.lastMessageId === null ? [] : [row.lastMessageId])),
  );
  return rows.flatMap((row) => {
    const message = row.lastMessageId === null ? undefined : latest.get(row.lastMessageId);
    return message ? [presentSummary(row, message)] : [];
  });
}

/** The client's own ticket; another client's answers 404 exactly like a missing one. */
export async function ownTicket(
  db: TicketsDb,
  clientId: number,
  ticketId: number,
  onForeign: TicketAccessDenied,
): Promise<TicketRow> {
  const row = await ticketById(db, ticketId);
  if (row && row.clientId !== clientId) onForeign('ticket', ticketId);
  if (!row || row.clientId !== clientId) throw new AppError('TICKET_NOT_FOUND');
  return row;
}

/**
 * GET /tickets/{id}: the conversation. The client opening it has read the answers; a CRM
 * operator looking at it for them has not.
 */
export async function openTicket(
  ctx: Pick<AppContext, 'db'>,
  actor: TicketActor,
  ticketId: number,
  onForeign: TicketAccessDenied,
): Promise<TicketDetail> {
  let row = await ownTicket(ctx.db, actor.clientId, ticketId, onForeign);
  if (actor.operatorName === null && row.clientSeenMessageId !== row.lastMessageId) {
    row = await updateTicket(ctx.db, row.id, { clientSeenMessageId: row.lastMessageId });
  }
  return loadDetail(ctx.db, row);
}

async function loadDetail(db: TicketsDb, row: TicketRow): Promise<TicketDetail> {
  const messages = await ticketConversation(db, row.id);
  const attachments = await attachmentsOfMessages(
    db,
    messages.map((message) => message.id),
  );
  return presentDetail(row, messages, attachments);
}

/** POST /tickets/auth_create: a new ticket with its first message and files. */
export async function createTicket(
  ctx: TicketsContext,
  actor: TicketActor,
  readUpload: () => Promise<TicketUpload>,
  log: FastifyBaseLogger,
): Promise<TicketDetail> {
  await assertDailyLimit(ctx, actor.clientId, log);
  const upload = await readUpload();
  const fields = parseRequestPart(createTicketFieldsSchema, upload.fields);
  const stored = await storeFiles(ctx, upload);
  const row = await withFiles(ctx, stored, (tx) =>
    insertTicket(tx, ctx.clock.now(), actor, fields, stored),
  );
  return loadDetail(ctx.db, row);
}

const TICKETS_PER_DAY = { name: 'tickets_per_day', max: MAX_TICKETS_PER_DAY, windowMs: DAY_MS };

async function assertDailyLimit(
  ctx: TicketsContext,
  clientId: number,
  log: FastifyBaseLogger,
): Promise<void> {
  const now = ctx.clock.now();
  const since = new Date(now.getTime() - DAY_MS);
  const hits = await ticketsCreatedSince(ctx.db, clientId, since);
  enforceRateLimit(log, TICKETS_PER_DAY, hits, now, {
    error: (_, options) =>
      new AppError('TICKETS_PER_DAY_LIMIT', { max: MAX_TICKETS_PER_DAY }, options),
    fields: { clientId },
  });
}

async function storeFiles(ctx: TicketsContext, upload: TicketUpload) {
  const prepared = await prepareAttachments(upload.files);
  return writeAttachments(ctx.config.filesDir, prepared);
}

/** Runs the database work for files already written; if it fails, the files go too. */
async function withFiles<T>(
  ctx: TicketsContext,
  stored: readonly StoredAttachment[],
  work: (tx: Transaction) => Promise<T>,
): Promise<T> {
  try {
    return await ctx.db.transaction(work);
  } catch (error) {
    await removeAttachments(ctx.config.filesDir, stored);
    throw error;
  }
}

async function insertTicket(
  tx: Transaction,
  now: Date,
  actor: TicketActor,
  fields: { category: string; subject: string; text: string },
  stored: readonly StoredAttachment[],
): Promise<TicketRow> {
  const ticket = await insertTicketRow(tx, {
    clientId: actor.clientId,
    category: fields.category,
    subject: fields.subject,
    createdAt: now,
  });
  const message = await insertClientMessage(tx, ticket, actor, fields.text, now, stored);
  return updateTicket(tx, ticket.id, {
    lastMessageId: message.id,
    clientSeenMessageId: message.id,
  });
}

async function insertClientMessage(
  tx: Transaction,
  ticket: TicketRow,
  actor: TicketActor,
  text: string,
  now: Date,
  stored: readonly StoredAttachment[],
): Promise<TicketMessageRow> {
  const message = await insertMessage(tx, {
    ticketId: ticket.id,
    author: 'client',
    operatorName: actor.operatorName,
    text,
    createdAt: now,
  });
  await insertAttachments(tx, message, ticket.clientId, stored);
  return message;
}

export interface ClientReply {
  message: TicketMessage;
  ticket: TicketSummary;
}

/**
 * POST /tickets/{id}/messages: the client writes again. The ticket is found (and a closed one
 * refused) before the upload is read, so nothing is sent in vain; an answered ticket reopens.
 */
export async function replyToTicket(
  ctx: TicketsContext,
  actor: TicketActor,
  ticketId: number,
  onForeign: TicketAccessDenied,
  readUpload: () => Promise<TicketUpload>,
): Promise<ClientReply> {
  assertNotClosed(await ownTicket(ctx.db, actor.clientId, ticketId, onForeign));
  const upload = await readUpload();
  const { text } = parseRequestPart(replyTicketFieldsSchema, upload.fields);
  const stored = await storeFiles(ctx, upload);
  const { row, message } = await withFiles(ctx, stored, async (tx) => {
    const locked = await lockTicket(tx, ticketId);
    if (!locked) throw new AppError('TICKET_NOT_FOUND');
    assertNotClosed(locked);
    const now = ctx.clock.now();
    const inserted = await insertClientMessage(tx, locked, actor, text, now, stored);
    const updated = await updateTicket(tx, ticketId, {
      status: 'open',
      lastActivityAt: now,
      lastMessageId: inserted.id,
      ...(actor.operatorName === null ? { clientSeenMessageId: inserted.id } : {}),
    });
    return { row: updated, message: inserted };
  });
  const attachments = await attachmentsOfMessages(ctx.db, [message.id]);
  return { message: presentMessage(message, attachments), ticket: presentSummary(row, message) };
}

function assertNotClosed(row: TicketRow): void {
  if (row.status === 'closed') throw new AppError('TICKET_CLOSED');
}

export interface OperatorAnswer {
  ticketId: number;
  text: string;
  operatorName: string;
  /** Close the ticket with this answer; otherwise it becomes «answered». */
  close?: boolean | undefined;
}

/** The company answers (CRM command, sandbox): the ticket is answered, or closed. */
export async function answerTicket(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  answer: OperatorAnswer,
): Promise<TicketSummary> {
  return ctx.db.transaction(async (tx) => {
    const { row, message } = await insertOperatorAnswer(tx, ctx.clock.now(), answer, []);
    return presentSummary(row, message);
  });
}

/** The operator console's answer: the same rules as answerTicket, with files. */
export interface ConsoleAnswer {
  ticket: TicketRow;
  message: TicketMessageRow;
  attachments: TicketAttachmentRow[];
}

/**
 * POST /crm/tickets/{id}/messages: the text and files of the form checked as the client's are
 * (same fields, types and limits); the ticket is found before the upload is read.
 */
export async function answerTicketWithFiles(
  ctx: TicketsContext,
  answer: { ticketId: number; operatorName: string },
  readUpload: () => Promise<TicketUpload>,
): Promise<ConsoleAnswer> {
  if (!(await ticketById(ctx.db, answer.ticketId))) {
    throw new AppError('TICKET_NOT_FOUND');
  }
  const upload = await readUpload();
  const { text } = parseRequestPart(replyTicketFieldsSchema, upload.fields);
  const stored = await storeFiles(ctx, upload);
  const { row, message } = await withFiles(ctx, stored, (tx) =>
    insertOperatorAnswer(tx, ctx.clock.now(), { ...answer, text }, stored),
  );
  const attachments = await attachmentsOfMessages(ctx.db, [message.id]);
  return { ticket: row, message, attachments };
}

async function insertOperatorAnswer(
  tx: Transaction,
  now: Date,
  answer: OperatorAnswer,
  stored: readonly StoredAttachment[],
): Promise<{ row: TicketRow; message: TicketMessageRow }> {
  const locked = await lockTicket(tx, answer.ticketId);
  if (!locked) throw new AppError('TICKET_NOT_FOUND');
  const message = await insertMessage(tx, {
    ticketId: locked.id,
    author: 'operator',
    operatorName: answer.operatorName,
    text: answer.text,
    createdAt: now,
  });
  await insertAttachments(tx, message, locked.clientId, stored);
  const row = await updateTicket(tx, locked.id, {
    status: answer.close ? 'closed' : 'answered',
    closedAt: answer.close ? now : null,
    lastActivityAt: now,
    lastMessageId: message.id,
    lastOperatorMessageId: message.id,
  });
  return { row, message };
}

/** The console closes a ticket without a message; a closed one stays as it was (`closed` false). */
export async function closeTicket(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  ticketId: number,
): Promise<{ ticket: TicketRow; closed: boolean }> {
  return ctx.db.transaction(async (tx) => {
    const locked = await lockTicket(tx, ticketId);
    if (!locked) throw new AppError('TICKET_NOT_FOUND');
    if (locked.status === 'closed') return { ticket: locked, closed: false };
    const ticket = await updateTicket(tx, ticketId, {
      status: 'closed',
      closedAt: ctx.clock.now(),
    });
    return { ticket, closed: true };
  });
}
