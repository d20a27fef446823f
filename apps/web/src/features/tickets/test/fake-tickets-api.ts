import { vi } from 'vitest';
import { withErrorCode } from '../../../../test/fetch';
import type {
  TicketAttachment,
  TicketCategory,
  TicketDetail,
  TicketMessage,
  TicketStatus,
} from '@zaymo/contract';

/**
 * A small in-memory stand-in for the tickets calls: JSON through fetch, uploads through
 * XMLHttpRequest (as lib/upload.ts sends them). It keeps the tickets and changes them the way
 * the contract says, so tests assert what the screens show after a call.
 */

type Answer = { status: number; body: unknown };
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
  override?: (method: string, path: string) => Answer | undefined;
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
  const notFound: Answer = { status: 404, body: { message: 'Обращение не найдено' } };

  function handle(method: string, path: string, form?: FormData): Answer {
    calls.push(`${method} ${path}`);
    const overridden = options.override?.(method, path);
    if (overridden) return overridden;
    if (method === 'GET' && path === '/api/tickets/get') {
      return { status: 200, body: { data: tickets.map(summary) } };
    }
    const detail = /^\/api\/tickets\/(\d+)$/.exec(path);
    if (method === 'GET' && detail) return open(Number(detail[1]));
    if (method === 'POST' && path === '/api/tickets/auth_create' && form) return create(form);
    const reply = /^\/api\/tickets\/(\d+)\/messages$/.exec(path);
    if (method === 'POST' && reply && form) return answer(Number(reply[1]), form);
    return { status: 404, body: { message: 'Не найдено' } };
  }

  function open(id: number): Answer {
    const ticket = find(id);
    if (!ticket) return notFound;
    const read = { ...ticket, has_unread_answer: false };
    tickets = tickets.map((entry) => (entry.id === id ? read : entry));
    return { status: 200, body: { data: { ticket: read } } };
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
    return { status: 200, body: { data: { ticket } } };
  }

  function answer(id: number, form: FormData): Answer {
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
    return { status: 200, body: { data: { message, ticket: summary(updated) } } };
  }

  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      const method = init.method ?? 'GET';
      if (path.startsWith('/api/tickets/attachments/')) {
        calls.push(`${method} ${path}`);
        const overridden = options.override?.(method, path);
        if (overridden) return jsonAnswer(overridden);
        return new Response(new Uint8Array([1, 2, 3]), { status: 200 });
      }
      return jsonAnswer(handle(method, path));
    }),
  );

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
      const result = handle('POST', this.url, this.body);
      this.status = result.status;
      this.responseText = JSON.stringify(withErrorCode(result.status, result.body));
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

function jsonAnswer({ status, body }: Answer): Response {
  return new Response(JSON.stringify(withErrorCode(status, body)), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** A file the picker accepts or refuses; `size` can lie about a large file without its bytes. */
export function testFile(name: string, type: string, size?: number): File {
  const file = new File([new Uint8Array([137, 80, 78, 71])], name, { type });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
}
