import { http, HttpResponse } from 'msw';
import { vi } from 'vitest';
import type {
  TicketAttachment,
  TicketCategory,
  TicketDetail,
  TicketMessage,
  TicketStatus,
} from '@zaymo/contract';
import {
  apiError,
  apiServer,
  checkAnswer,
  errorAnswer,
  isMockError,
  mockApi,
  type MockError,
} from '../../../../test/api';

/**
 * A small in-memory stand-in for the tickets calls: JSON through MSW handlers of the contract's
 * table (test/api.ts), uploads through a fake XMLHttpRequest (as lib/upload.ts sends them, so a
 * test drives the progress) whose answers are checked against the same table. It keeps the
 * tickets and changes them the way the contract says, so tests assert what the screens show.
 */

type Answer = unknown;
export type SentForm = { url: string; headers: Record<string, string>; body: FormData };

let nextId = 100;
const newId = () => (nextId += 1);

export function makeMessage(patch: Partial<TicketMessage> = {}): TicketMessage {
  return {
    id: newId(),
    author: 'client',
    operator_name: null,
    text: 'Когда придут деньги?',
    created_at: '2026-11-21T11:05:00.000Z',
    attachments: [],
    ...patch,
  };
}

export function makeAttachment(patch: Partial<TicketAttachment> = {}): TicketAttachment {
  const id = patch.id ?? newId();
  return {
    id,
    name: 'скан.pdf',
    content_type: 'application/pdf',
    size: 2048,
    link: `tickets/attachments/${id}`,
    ...patch,
  };
}

export function makeTicket(
  patch: Partial<Omit<TicketDetail, 'last_message'>> & { messages?: TicketMessage[] } = {},
): TicketDetail {
  const messages = patch.messages ?? [makeMessage()];
  const last = messages.at(-1) ?? makeMessage();
  return {
    id: newId(),
    status: 'open',
    category: 'loan',
    subject: 'Когда придут деньги?',
    created_at: messages[0]?.created_at ?? last.created_at,
    updated_at: last.created_at,
    has_unread_answer: false,
    ...patch,
    messages,
    last_message: { text: last.text, author: last.author, created_at: last.created_at },
  };
}

type FakeOptions = {
  tickets?: TicketDetail[];
  /** Answers a request with this instead of the fake behaviour (fetch and uploads alike). */
  override?: (method: string, path: string) => Answer | MockError | undefined;
  /** Uploads wait for the test to call `respondUploads()`: to see the progress bar. */
  holdUploads?: boolean;
};

export function fakeTicketsApi(options: FakeOptions = {}) {
  let tickets = [...(options.tickets ?? [])];
  const forms: SentForm[] = [];
  const calls: string[] = [];
  const held: FakeXhr[] = [];

  const summary = ({ messages: _messages, ...rest }: TicketDetail) => rest;
  const find = (id: number) => tickets.find((ticket) => ticket.id === id);
  const notFound = apiError('TICKET_NOT_FOUND');

  /** The override's answer for a call, recorded; undefined lets the fake answer. */
  function overridden(method: string, path: string): Answer | MockError | undefined {
    calls.push(`${method} ${path}`);
    return options.override?.(method, path);
  }

  // The later handler comes first in MSW: /tickets/get before /tickets/:id.
  mockApi('/tickets/:id', ({ url, params }) => {
    const answer = overridden('GET', url.pathname) ?? open(Number(params.id));
    return answer as never;
  });
  mockApi('/tickets/get', ({ url }) => {
    const answer = overridden('GET', url.pathname) ?? { data: tickets.map(summary) };
    return answer as never;
  });
  apiServer.use(
    http.get('*/api/tickets/attachments/:id', ({ request }) => {
      const answer = overridden('GET', new URL(request.url).pathname);
      if (isMockError(answer)) {
        const { status, body } = errorAnswer(answer);
        return HttpResponse.json(body, { status });
      }
      return new HttpResponse(new Uint8Array([1, 2, 3]));
    }),
  );

  /** An upload (POST, multipart) the fake XMLHttpRequest sent. */
  function upload(path: string, form: FormData): Answer | MockError {
    const custom = overridden('POST', path);
    if (custom !== undefined) return custom;
    if (path === '/api/tickets/auth_create') {
      const created = create(form);
      checkAnswer('/tickets/auth_create', 'POST', created);
      return created;
    }
    const reply = /^\/api\/tickets\/(\d+)\/messages$/.exec(path);
    if (!reply) return apiError('NOT_FOUND');
    const answered = answer(Number(reply[1]), form);
    if (!isMockError(answered)) checkAnswer('/tickets/:id/messages', 'POST', answered);
    return answered;
  }

  function open(id: number): Answer | MockError {
    const ticket = find(id);
    if (!ticket) return notFound;
    const read = { ...ticket, has_unread_answer: false };
    tickets = tickets.map((entry) => (entry.id === id ? read : entry));
    return { data: { ticket: read } };
  }

  function attachmentsOf(form: FormData): TicketAttachment[] {
    return form.getAll('attachments').map((value) => {
      const file = value as File;
      return makeAttachment({ name: file.name, size: file.size, content_type: 'image/png' });
    });
  }

  function create(form: FormData): Answer {
    const message = makeMessage({
      text: String(form.get('text')),
      attachments: attachmentsOf(form),
    });
    const ticket = makeTicket({
      category: String(form.get('category')) as TicketCategory,
      subject: String(form.get('subject')),
      messages: [message],
    });
    tickets = [ticket, ...tickets];
    return { data: { ticket } };
  }

  function answer(id: number, form: FormData): Answer | MockError {
    const ticket = find(id);
    if (!ticket) return notFound;
    const message = makeMessage({
      text: String(form.get('text')),
      created_at: '2026-11-22T09:30:00.000Z',
      attachments: attachmentsOf(form),
    });
    const updated = makeTicket({
      ...ticket,
      status: 'open' satisfies TicketStatus,
      has_unread_answer: false,
      messages: [...ticket.messages, message],
    });
    tickets = [updated, ...tickets.filter((entry) => entry.id !== id)];
    return { data: { message, ticket: summary(updated) } };
  }

  class FakeXhr {
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    status = 0;
    responseText = '';
    private url = '';
    private headers: Record<string, string> = {};
    private body: FormData | undefined;

    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    getResponseHeader() {
      return 'application/json';
    }
    abort() {}
    send(body: FormData) {
      this.body = body;
      forms.push({ url: this.url, headers: this.headers, body });
      if (options.holdUploads) held.push(this);
      else queueMicrotask(() => this.finish());
    }
    progress(loaded: number, total: number) {
      this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
    }
    finish() {
      const result = upload(new URL(this.url, 'http://localhost').pathname, this.body!);
      const { status, body } = isMockError(result)
        ? errorAnswer(result)
        : { status: 200, body: result };
      this.status = status;
      this.responseText = JSON.stringify(body);
      this.onload?.();
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);

  return {
    forms,
    calls,
    count: (call: string) => calls.filter((entry) => entry === call).length,
    tickets: () => tickets,
    /** Moves every held upload to `percent`, or finishes them. */
    progressUploads: (percent: number) => held.forEach((xhr) => xhr.progress(percent, 100)),
    respondUploads: () => held.splice(0).forEach((xhr) => xhr.finish()),
  };
}

/** A file the picker accepts or refuses; `size` can lie about a large file without its bytes. */
export function testFile(name: string, type: string, size?: number): File {
  const file = new File([new Uint8Array([137, 80, 78, 71])], name, { type });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
}
