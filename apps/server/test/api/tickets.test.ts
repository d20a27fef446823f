import {
  devTicketReplyResponseSchema,
  ticketResponseSchema,
  ticketsListResponseSchema,
  type TicketSummary,
  MAX_TICKETS_PER_DAY,
} from '@zaymo/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ticketMessages, tickets } from '../../src/db/schema';
import { smallPng } from '../../src/services/files/test-images';
import { issueSession } from '../../src/services/sessions';
import { createClientWithSession, type ClientWithSession } from '../helpers/factories';
import { expectRefusal } from '../helpers/refusal';
import { createTestApp, type TestApp } from '../helpers/test-app';
import {
  createdTicket,
  createTicketRequest,
  file,
  operatorReply,
  postForm,
  sentReply,
  SMALL_PDF,
  ticketFields,
} from './tickets-helpers';

describe('support tickets', () => {
  let testApp: TestApp;
  let owner: ClientWithSession;
  let stranger: ClientWithSession;

  beforeAll(async () => {
    testApp = await createTestApp();
    owner = await createClientWithSession(testApp);
    stranger = await createClientWithSession(testApp);
  });
  afterAll(() => testApp.close());

  const get = (url: string, who: { headers: Record<string, string> } = owner) =>
    testApp.app.inject({ method: 'GET', url, headers: who.headers });

  async function list(who = owner): Promise<TicketSummary[]> {
    const response = await get('/api/tickets/get', who);
    expect(response.statusCode, response.body).toBe(200);
    return ticketsListResponseSchema.parse(response.json()).data;
  }

  it('refuses every call without a session', async () => {
    const anonymous = { headers: {} };
    for (const url of ['/api/tickets/get', '/api/tickets/1', '/api/tickets/attachments/1']) {
      expect((await get(url, anonymous)).statusCode, url).toBe(401);
    }
    const create = await createTicketRequest(testApp, {}, ticketFields());
    expect(create.statusCode).toBe(401);
    const reply = await postForm(testApp, '/api/tickets/1/messages', {}, [
      { name: 'text', value: 'x' },
    ]);
    expect(reply.statusCode).toBe(401);
  });

  it('creates a ticket with its first message and files, open and read', async () => {
    const ticket = await createdTicket(testApp, owner.headers, [
      ...ticketFields({ subject: '  Справка о закрытии займа  ', category: 'documents' }),
      file('скан.pdf', SMALL_PDF, 'application/pdf'),
      file('фото.png', await smallPng(), 'image/png'),
    ]);
    expect(ticket).toMatchObject({
      status: 'open',
      category: 'documents',
      subject: 'Справка о закрытии займа',
      has_unread_answer: false,
      last_message: { author: 'client', text: 'Заявку одобрили час назад, а денег на карте нет.' },
    });
    expect(ticket.updated_at).toBe(ticket.created_at);
    expect(ticket.messages).toHaveLength(1);
    const [message] = ticket.messages;
    expect(message).toMatchObject({ author: 'client', operator_name: null });
    expect(message?.attachments.map(({ name, content_type }) => ({ name, content_type }))).toEqual([
      { name: 'скан.pdf', content_type: 'application/pdf' },
      { name: 'фото.png', content_type: 'image/png' },
    ]);
    const pdf = message?.attachments[0];
    expect(pdf?.size).toBe(SMALL_PDF.length);
    expect(pdf?.link).toBe(`tickets/attachments/${pdf?.id}`);
  });

  it('refuses a form without a known category, a subject or a text, per field', async () => {
    const response = await createTicketRequest(testApp, owner.headers, [
      { name: 'category', value: 'credit' },
      { name: 'subject', value: 'ok' },
      { name: 'text', value: '   ' },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      category: 'Выберите тему обращения из списка',
      subject: 'Тема — не короче 3 символов',
      text: 'Напишите сообщение',
    });
  });

  it('lists the tickets newest activity first, with the latest message', async () => {
    const client = await createClientWithSession(testApp);
    const first = await createdTicket(testApp, client.headers, ticketFields({ subject: 'Первое' }));
    testApp.clock.advanceBy(60_000);
    const second = await createdTicket(
      testApp,
      client.headers,
      ticketFields({ subject: 'Второе' }),
    );
    expect((await list(client)).map((ticket) => ticket.subject)).toEqual(['Второе', 'Первое']);

    testApp.clock.advanceBy(60_000);
    await sentReply(testApp, client.headers, first.id, [{ name: 'text', value: 'Есть новости?' }]);
    const tickets = await list(client);
    expect(tickets.map((ticket) => ticket.id)).toEqual([first.id, second.id]);
    expect(tickets[0]).toMatchObject({
      status: 'open',
      last_message: { author: 'client', text: 'Есть новости?' },
    });
    expect(tickets[0]?.updated_at).not.toBe(tickets[0]?.created_at);
    expect(await list(stranger)).toEqual([]);
  });

  it('marks an operator answer unread until the client opens the ticket', async () => {
    const client = await createClientWithSession(testApp);
    const ticket = await createdTicket(testApp, client.headers);
    const answered = await operatorReply(testApp, ticket.id, {
      text: 'Деньги отправлены, банк зачислит их в течение часа.',
      operator: 'Петрова А.',
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(devTicketReplyResponseSchema.parse(answered.json()).data.ticket).toMatchObject({
      status: 'answered',
      has_unread_answer: true,
      last_message: { author: 'operator' },
    });
    expect((await list(client))[0]).toMatchObject({ status: 'answered', has_unread_answer: true });

    // A CRM operator looking at the ticket for the client does not read it for them.
    const crm = await issueSession(testApp.ctx, client.client.id, { operatorName: 'Иванов И.' });
    const crmView = await get(`/api/tickets/${ticket.id}`, {
      headers: { authorization: `Bearer ${crm.token}` },
    });
    expect(crmView.statusCode, crmView.body).toBe(200);
    expect(ticketResponseSchema.parse(crmView.json()).data.ticket.has_unread_answer).toBe(true);
    expect((await list(client))[0]?.has_unread_answer).toBe(true);

    const opened = await get(`/api/tickets/${ticket.id}`, client);
    expect(opened.statusCode, opened.body).toBe(200);
    const detail = ticketResponseSchema.parse(opened.json()).data.ticket;
    expect(detail.has_unread_answer).toBe(false);
    expect(detail.messages.map((m) => [m.author, m.operator_name])).toEqual([
      ['client', null],
      ['operator', 'Петрова А.'],
    ]);
    expect((await list(client))[0]?.has_unread_answer).toBe(false);
  });

  it('a reply reopens an answered ticket; a closed ticket takes no reply', async () => {
    const ticket = await createdTicket(testApp, owner.headers);
    await operatorReply(testApp, ticket.id, {
      text: 'Уточните номер договора',
      operator: 'Петрова А.',
    });

    const reply = await sentReply(testApp, owner.headers, ticket.id, [
      { name: 'text', value: 'Договор З-00042' },
      file('чек.png', await smallPng(), 'image/png'),
    ]);
    expect(reply.message).toMatchObject({ author: 'client', text: 'Договор З-00042' });
    expect(reply.message.attachments).toHaveLength(1);
    expect(reply.ticket).toMatchObject({ id: ticket.id, status: 'open', has_unread_answer: false });

    const closed = await operatorReply(testApp, ticket.id, {
      text: 'Вопрос решён',
      operator: 'Петрова А.',
      close: true,
    });
    expect(closed.json().data.ticket.status).toBe('closed');
    const late = await postForm(testApp, `/api/tickets/${ticket.id}/messages`, owner.headers, [
      { name: 'text', value: 'И ещё вопрос' },
    ]);
    expectRefusal(late, 'TICKET_CLOSED');
  });

  it('records a CRM operator writing for the client, shown as the client', async () => {
    const crm = await createClientWithSession(testApp, { operatorName: 'Сидорова Е.' });
    const ticket = await createdTicket(testApp, crm.headers);
    expect(ticket.messages[0]).toMatchObject({ author: 'client', operator_name: null });
    const [row] = await testApp.ctx.db
      .select()
      .from(ticketMessages)
      .where(eq(ticketMessages.ticketId, ticket.id));
    expect(row).toMatchObject({ author: 'client', operatorName: 'Сидорова Е.' });
  });

  it('serves a PDF as a download and an image inline, both nosniff, to the owner only', async () => {
    const ticket = await createdTicket(testApp, owner.headers, [
      ...ticketFields(),
      file('договор.pdf', SMALL_PDF),
      file('photo.png', await smallPng()),
    ]);
    const [pdf, image] = ticket.messages[0]?.attachments ?? [];

    const pdfResponse = await get(`/api/${pdf?.link}`);
    expect(pdfResponse.statusCode).toBe(200);
    expect(pdfResponse.headers['content-type']).toBe('application/pdf');
    expect(pdfResponse.headers['content-disposition']).toBe(
      `attachment; filename="ticket-file-${pdf?.id}.pdf"`,
    );
    expect(pdfResponse.headers['x-content-type-options']).toBe('nosniff');
    expect(pdfResponse.headers['cache-control']).toBe('private, no-store');
    expect(pdfResponse.rawPayload.equals(SMALL_PDF)).toBe(true);

    const imageResponse = await get(`/api/${image?.link}`);
    expect(imageResponse.headers['content-type']).toBe('image/png');
    expect(imageResponse.headers['content-disposition']).toMatch(/^inline; filename="ticket-file-/);
    expect(imageResponse.headers['x-content-type-options']).toBe('nosniff');
  });

  it("answers 404 for another client's ticket and file, as for missing ones, and logs it", async () => {
    const ticket = await createdTicket(testApp, owner.headers, [
      ...ticketFields(),
      file('a.pdf', SMALL_PDF),
    ]);
    const attachment = ticket.messages[0]?.attachments[0];
    expectRefusal(await get(`/api/tickets/${ticket.id}`, stranger), 'TICKET_NOT_FOUND');
    expectRefusal(await get('/api/tickets/987654321', stranger), 'TICKET_NOT_FOUND');
    const reply = await postForm(testApp, `/api/tickets/${ticket.id}/messages`, stranger.headers, [
      { name: 'text', value: 'чужое' },
    ]);
    expectRefusal(reply, 'TICKET_NOT_FOUND');
    expectRefusal(await get(`/api/${attachment?.link}`, stranger), 'FILE_NOT_FOUND');
    expectRefusal(await get('/api/tickets/attachments/987654321'), 'FILE_NOT_FOUND');

    const denied = (await testApp.logs.settled())
      .entries()
      .filter((entry) => entry.security === 'access_denied' && entry.id !== undefined);
    expect(denied).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ resource: 'ticket', id: ticket.id }),
        expect.objectContaining({ resource: 'ticket_attachment', id: attachment?.id }),
      ]),
    );
    // The stranger's request changed nothing of the owner's ticket.
    const mine = await get(`/api/tickets/${ticket.id}`);
    expect(ticketResponseSchema.parse(mine.json()).data.ticket.messages).toHaveLength(1);
  });

  it('refuses ids that are not ticket numbers with a Russian 400', async () => {
    for (const id of ['abc', '0', '-1', '1.5', '99999999999999999999']) {
      const response = await get(`/api/tickets/${id}`);
      expect(response.statusCode, id).toBe(400);
      expect(response.json().message).toMatch(/[А-Яа-я]/);
    }
  });

  it(`allows ${MAX_TICKETS_PER_DAY} new tickets a day`, async () => {
    const client = await createClientWithSession(testApp);
    const now = testApp.clock.now();
    await testApp.ctx.db.insert(tickets).values(
      Array.from({ length: MAX_TICKETS_PER_DAY }, (_, index) => ({
        clientId: client.client.id,
        category: 'other',
        subject: `Обращение ${index}`,
        status: 'open',
        createdAt: new Date(now.getTime() - 60 * 60_000),
        lastActivityAt: now,
      })),
    );
    const refused = await createTicketRequest(testApp, client.headers, ticketFields());
    expectRefusal(refused, 'TICKETS_PER_DAY_LIMIT', { max: MAX_TICKETS_PER_DAY });
    expect(Number(refused.headers['retry-after'])).toBe(23 * 60 * 60);

    testApp.clock.advanceBy(23 * 60 * 60_000 + 1000);
    expect((await createTicketRequest(testApp, client.headers, ticketFields())).statusCode).toBe(
      200,
    );
  });
});

describe('operator answers in the sandbox', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  it('refuses an unknown ticket and an empty answer', async () => {
    const unknown = await operatorReply(testApp, 424242, { text: 'Ответ', operator: 'Петрова А.' });
    expectRefusal(unknown, 'TICKET_NOT_FOUND');
    const client = await createClientWithSession(testApp);
    const ticket = await createdTicket(testApp, client.headers);
    const empty = await operatorReply(testApp, ticket.id, { text: ' ', operator: 'Петрова А.' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual({ text: 'Напишите сообщение' });
  });

  it('does not exist outside the sandbox', async () => {
    const production = await createTestApp({ env: { NODE_ENV: 'production' } });
    try {
      const response = await operatorReply(production, 1, { text: 'Ответ', operator: 'Петрова' });
      expect(response.statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});
