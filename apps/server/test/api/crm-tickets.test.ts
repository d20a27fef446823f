import {
  CRM_TICKETS_PAGE_SIZE,
  crmAuditResponseSchema,
  crmTicketCloseResponseSchema,
  crmTicketReplyResponseSchema,
  crmTicketResponseSchema,
  crmTicketsResponseSchema,
  ticketResponseSchema,
  ticketsListResponseSchema,
  type CrmInboxTicket,
  type TicketStatus,
} from '@zaymo/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, ticketMessages, tickets } from '../../src/db/schema';
import { inboxQuery } from '../../src/services/crm/tickets';
import { smallPng } from '../../src/services/files/test-images';
import {
  createClient,
  createClientWithSession,
  type ClientWithSession,
} from '../helpers/factories';
import { expectRefusal } from '../helpers/refusal';
import { createTestApp, type TestApp } from '../helpers/test-app';
import type { FormPart } from './files-upload';
import { createStaffMember, staffHeaders, type StaffMember } from './crm-helpers';
import {
  createdTicket,
  file,
  postForm,
  SMALL_PDF,
  ticketFields,
  type Headers,
} from './tickets-helpers';

const MINUTE_MS = 60 * 1000;

describe('operator console: tickets inbox', () => {
  let testApp: TestApp;
  let operator: StaffMember;
  let operatorHeaders: Headers;
  let adminHeaders: Headers;
  let owner: ClientWithSession;

  beforeAll(async () => {
    testApp = await createTestApp();
    operator = await createStaffMember(testApp, 'operator', { name: 'Петрова Анна' });
    operatorHeaders = await staffHeaders(testApp, operator.row.id);
    adminHeaders = await staffHeaders(testApp, (await createStaffMember(testApp, 'admin')).row.id);
    owner = await createClientWithSession(testApp);
    await testApp.ctx.db
      .update(clients)
      .set({ surname: 'Обращенко', name: 'Ирина', patronymic: 'Павловна' })
      .where(eq(clients.id, owner.client.id));
  });
  afterAll(() => testApp.close());

  function get(url: string, headers: Headers = operatorHeaders) {
    return testApp.app.inject({ method: 'GET', url, headers });
  }

  function post(url: string, headers: Headers = operatorHeaders) {
    return testApp.app.inject({ method: 'POST', url, headers, payload: {} });
  }

  function answer(
    ticketId: number | string,
    parts: FormPart[] = [{ name: 'text', value: 'Деньги в пути' }],
  ) {
    return postForm(testApp, `/api/crm/tickets/${ticketId}/messages`, operatorHeaders, parts);
  }

  async function answered(ticketId: number, parts?: FormPart[]) {
    const response = await answer(ticketId, parts);
    expect(response.statusCode, response.body).toBe(200);
    return crmTicketReplyResponseSchema.parse(response.json()).data;
  }

  async function inbox(query = ''): Promise<{ tickets: CrmInboxTicket[]; next: string | null }> {
    const response = await get(`/api/crm/tickets${query}`);
    expect(response.statusCode, response.body).toBe(200);
    const { data } = crmTicketsResponseSchema.parse(response.json());
    return { tickets: data.tickets, next: data.next_cursor };
  }

  async function clientTicket(ticketId: number) {
    const response = await get(`/api/tickets/${ticketId}`, owner.headers);
    expect(response.statusCode, response.body).toBe(200);
    return ticketResponseSchema.parse(response.json()).data.ticket;
  }

  async function auditOf(action: string, clientId: number) {
    const response = await get(
      `/api/crm/audit?action=${action}&client_id=${clientId}`,
      adminHeaders,
    );
    expect(response.statusCode, response.body).toBe(200);
    return crmAuditResponseSchema.parse(response.json()).data.entries;
  }

  it('lists unanswered tickets first, then the others, each by the latest message', async () => {
    const client = await createClientWithSession(testApp);
    const first = await createdTicket(testApp, client.headers, ticketFields({ subject: 'Первое' }));
    testApp.clock.advanceBy(MINUTE_MS);
    const second = await createdTicket(
      testApp,
      client.headers,
      ticketFields({ subject: 'Второе' }),
    );
    testApp.clock.advanceBy(MINUTE_MS);
    const third = await createdTicket(testApp, client.headers, ticketFields({ subject: 'Третье' }));
    testApp.clock.advanceBy(MINUTE_MS);
    // The first ticket is answered last: the newest activity, yet below every unanswered one.
    await answered(first.id);

    const mine = (await inbox()).tickets.filter((ticket) => ticket.client.id === client.client.id);
    expect(mine.map((ticket) => [ticket.id, ticket.status])).toEqual([
      [third.id, 'open'],
      [second.id, 'open'],
      [first.id, 'answered'],
    ]);
    expect(mine[2]).toMatchObject({
      subject: 'Первое',
      category: 'loan',
      last_message: { author: 'operator', text: 'Деньги в пути' },
      client: { id: client.client.id, phone: client.client.phone, full_name: null },
    });

    const openOnly = await inbox('?status=open');
    expect(openOnly.tickets.every((ticket) => ticket.status === 'open')).toBe(true);
    expect(openOnly.tickets.map((ticket) => ticket.id)).toEqual(
      expect.arrayContaining([second.id, third.id]),
    );
    expect(openOnly.tickets.map((ticket) => ticket.id)).not.toContain(first.id);
  });

  it('pages through the inbox with the cursor, every ticket once and in order', async () => {
    const client = await createClient(testApp);
    const base = testApp.clock.now().getTime();
    for (let index = 0; index < CRM_TICKETS_PAGE_SIZE + 5; index += 1) {
      // Pairs share a time (the id breaks the tie); every third waits for an answer.
      await insertTicket(client.id, index % 3 === 0 ? 'open' : 'answered', base - (index >> 1));
    }
    const seen: CrmInboxTicket[] = [];
    let query = '';
    for (;;) {
      const page = await inbox(query);
      expect(page.tickets.length).toBeLessThanOrEqual(CRM_TICKETS_PAGE_SIZE);
      seen.push(...page.tickets);
      if (page.next === null) break;
      query = `?cursor=${page.next}`;
    }
    const ids = seen.map((ticket) => ticket.id);
    expect(new Set(ids).size).toBe(ids.length);
    const [total] = await testApp.ctx.db
      .select({ count: sql<number>`count(*)::int` })
      .from(tickets);
    expect(ids.length).toBe(total?.count);
    const key = (ticket: CrmInboxTicket) =>
      [ticket.status === 'open' ? 0 : 1, -Date.parse(ticket.last_message_at), -ticket.id] as const;
    for (let index = 1; index < seen.length; index += 1) {
      const [a, b] = [key(seen[index - 1]!), key(seen[index]!)];
      const ordered = a[0] !== b[0] ? a[0] < b[0] : a[1] !== b[1] ? a[1] < b[1] : a[2] < b[2];
      expect(ordered, `${seen[index - 1]?.id} before ${seen[index]?.id}`).toBe(true);
    }
  });

  it('reads the inbox through its index', async () => {
    const plan = await testApp.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = await tx.execute(sql`explain ${inboxQuery(testApp.ctx, {})}`);
      return JSON.stringify(result);
    });
    expect(plan).toContain('tickets_inbox_idx');
    expect(plan).not.toMatch(/Sort Key/);
  });

  it('answers with a file: the client sees the answer, unread, and opens the file', async () => {
    const ticket = await createdTicket(testApp, owner.headers);
    const pdf = Buffer.concat([SMALL_PDF, Buffer.from('% answer\n')]);
    const reply = await answered(ticket.id, [
      { name: 'text', value: 'Вот справка' },
      file('справка.pdf', pdf, 'application/pdf'),
    ]);
    expect(reply.message).toMatchObject({
      author: 'operator',
      operator_name: 'Петрова Анна',
      text: 'Вот справка',
      attachments: [{ name: 'справка.pdf', content_type: 'application/pdf', size: pdf.length }],
    });
    expect(reply.ticket).toMatchObject({
      id: ticket.id,
      status: 'answered',
      client: { id: owner.client.id, full_name: 'Обращенко Ирина Павловна' },
    });

    // The console opening it does not mark it read for the client.
    const detail = await get(`/api/crm/tickets/${ticket.id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    const messages = crmTicketResponseSchema.parse(detail.json()).data.ticket.messages;
    expect(messages.map((message) => message.author)).toEqual(['client', 'operator']);
    const url = messages[1]?.attachments[0]?.url ?? '';
    expect(url).toBe(
      `/api/crm/tickets/${ticket.id}/attachments/${reply.message.attachments[0]?.id}`,
    );
    const staffFile = await get(url);
    expect(staffFile.statusCode).toBe(200);
    expect(staffFile.rawPayload.equals(pdf)).toBe(true);

    const list = await get('/api/tickets/get', owner.headers);
    const summary = ticketsListResponseSchema
      .parse(list.json())
      .data.find((row) => row.id === ticket.id);
    expect(summary).toMatchObject({ status: 'answered', has_unread_answer: true });
    const seen = await clientTicket(ticket.id);
    const last = seen.messages.at(-1);
    expect(last).toMatchObject({ author: 'operator', operator_name: 'Петрова Анна' });
    const clientFile = await get(`/api/${last?.attachments[0]?.link}`, owner.headers);
    expect(clientFile.statusCode).toBe(200);
    expect(clientFile.rawPayload.equals(pdf)).toBe(true);

    const [entry] = await auditOf('ticket_answered', owner.client.id);
    expect(entry).toMatchObject({
      action: 'ticket_answered',
      client_id: owner.client.id,
      staff: { id: operator.row.id, name: 'Петрова Анна', role: 'operator' },
      details: { ticket_id: String(ticket.id), operator: 'Петрова Анна', attachments: '1' },
    });
  });

  it('checks the answer as the cabinet checks the client: text, file types, number', async () => {
    const ticket = await createdTicket(testApp, owner.headers);
    const empty = await answer(ticket.id, [{ name: 'text', value: '   ' }]);
    expect(empty.statusCode).toBe(400);
    const fake = await answer(ticket.id, [
      { name: 'text', value: 'Файл' },
      file('script.pdf', Buffer.from('<script>alert(1)</script>'), 'application/pdf'),
    ]);
    expect(fake.statusCode).toBe(415);
    const png = await smallPng();
    const many = await answer(ticket.id, [
      { name: 'text', value: 'Много файлов' },
      ...Array.from({ length: 6 }, (_, index) => file(`${index}.png`, png, 'image/png')),
    ]);
    expectRefusal(many, 'ATTACHMENTS_TOO_MANY', { max: 5 });
    const json = await testApp.app.inject({
      method: 'POST',
      url: `/api/crm/tickets/${ticket.id}/messages`,
      headers: operatorHeaders,
      payload: { text: 'JSON' },
    });
    expect(json.statusCode).toBe(415);
    // Nothing of it reached the ticket.
    expect((await clientTicket(ticket.id)).messages).toHaveLength(1);
  });

  it('closes a ticket once: the client can no longer write, a second close changes nothing', async () => {
    const ticket = await createdTicket(testApp, owner.headers);
    const closed = await post(`/api/crm/tickets/${ticket.id}/close`);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(crmTicketCloseResponseSchema.parse(closed.json()).data.ticket.status).toBe('closed');
    expect((await clientTicket(ticket.id)).status).toBe('closed');
    const write = await postForm(testApp, `/api/tickets/${ticket.id}/messages`, owner.headers, [
      { name: 'text', value: 'Ещё вопрос' },
    ]);
    expectRefusal(write, 'TICKET_CLOSED');

    const again = await post(`/api/crm/tickets/${ticket.id}/close`);
    expect(again.statusCode).toBe(200);
    const entries = (await auditOf('ticket_closed', owner.client.id)).filter(
      (entry) => entry.details.ticket_id === String(ticket.id),
    );
    expect(entries).toHaveLength(1);
    expect(entries[0]?.staff?.name).toBe('Петрова Анна');
  });

  it('answers 404 for an unknown ticket and for a file of another ticket', async () => {
    const missing = 9_000_000;
    for (const response of [
      await get(`/api/crm/tickets/${missing}`),
      await post(`/api/crm/tickets/${missing}/close`),
      await answer(missing),
    ]) {
      expectRefusal(response, 'TICKET_NOT_FOUND');
    }
    expect((await get('/api/crm/tickets/abc')).statusCode).toBe(400);
    expect((await get('/api/crm/tickets?cursor=nonsense')).statusCode).toBe(400);

    const withFile = await createdTicket(testApp, owner.headers, [
      ...ticketFields(),
      file('scan.png', await smallPng(), 'image/png'),
    ]);
    const other = await createdTicket(testApp, owner.headers);
    const attachmentId = withFile.messages[0]?.attachments[0]?.id;
    expect(attachmentId).toBeDefined();
    const own = await get(`/api/crm/tickets/${withFile.id}/attachments/${attachmentId}`);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    for (const url of [
      `/api/crm/tickets/${other.id}/attachments/${attachmentId}`,
      `/api/crm/tickets/${withFile.id}/attachments/${missing}`,
    ]) {
      expectRefusal(await get(url), 'FILE_NOT_FOUND');
    }
  });

  /** A ticket with one message, straight into the tables (for the paging test's volume). */
  async function insertTicket(clientId: number, status: TicketStatus, at: number) {
    const time = new Date(at);
    await testApp.ctx.db.transaction(async (tx) => {
      const [ticket] = await tx
        .insert(tickets)
        .values({
          clientId,
          category: 'other',
          subject: 'Пачка',
          status,
          createdAt: time,
          lastActivityAt: time,
        })
        .returning();
      if (!ticket) throw new Error('ticket not inserted');
      const [message] = await tx
        .insert(ticketMessages)
        .values({
          ticketId: ticket.id,
          author: status === 'open' ? 'client' : 'operator',
          operatorName: status === 'open' ? null : 'Оператор',
          text: 'Текст',
          createdAt: time,
        })
        .returning();
      if (!message) throw new Error('message not inserted');
      await tx.update(tickets).set({ lastMessageId: message.id }).where(eq(tickets.id, ticket.id));
    });
  }
});
