import { waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import type { Client, Consent } from '@zaymo/contract';
import { mockFetch } from '../../../test/fetch';
import { VALID_TOKEN } from '../../../test/stores';

/** Test data and a fake accounts API for this feature's tests. */
export const CONSENTS: Consent[] = [
  {
    code: 'personal_data',
    title: 'Согласие на обработку персональных данных',
    document_link: '/api/documents/public/personal_data',
    version: '1',
    required: true,
  },
  {
    code: 'terms',
    title: 'Правила предоставления займов',
    document_link: '/api/documents/public/terms',
    version: '1',
    required: true,
  },
  {
    code: 'marketing',
    title: 'Согласие на получение рекламы',
    document_link: '/api/documents/public/marketing',
    version: '1',
    required: false,
  },
];

export const PASSWORD_SETTINGS = {
  min_length: 8,
  max_length: 64,
  rules: ['Не совпадает с номером телефона'],
};

export function aClient(patch: Partial<Client> = {}): Client {
  return {
    id: 42,
    phone: '+79123456789',
    phone_confirmed: true,
    email: null,
    email_confirmed: false,
    has_password: true,
    surname: null,
    name: null,
    patronymic: null,
    step: null,
    is_operator_session: false,
    operator_name: null,
    created_at: '2026-01-15T10:00:00.000Z',
    ...patch,
  };
}

export function session(client: Client = aClient()) {
  return { data: { token: VALID_TOKEN, client } };
}

type Answer = { status?: number; body?: unknown };
export type ApiCall = { method: string; path: string; body: unknown };
type Routes = Record<string, Answer | ((call: ApiCall) => Answer | Promise<Answer>)>;

/**
 * A fake backend: `'POST /sms/send_una': { body: … }`. Settings calls answer by default;
 * anything else is a 404. Returns the calls made, bodies parsed.
 */
export function mockAccountsApi(routes: Routes) {
  const calls: ApiCall[] = [];
  const table: Routes = {
    'GET /registration/settings': { body: { data: { consents: CONSENTS } } },
    'GET /dashboard/passwordSettings': { body: { data: PASSWORD_SETTINGS } },
    ...routes,
  };
  const fetchMock = mockFetch((url, init) => {
    const path = url.replace(/^\/api/, '').split('?')[0] ?? '';
    const method = init.method ?? 'GET';
    const call = { method, path, body: parseBody(init.body) };
    calls.push(call);
    const answer = table[`${method} ${path}`];
    if (!answer) return { status: 404, body: { message: 'Не найдено' } };
    return typeof answer === 'function' ? answer(call) : answer;
  });
  return {
    calls,
    fetchMock,
    callsTo: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key),
  };
}

function parseBody(body: BodyInit | null | undefined): unknown {
  return typeof body === 'string' ? (JSON.parse(body) as unknown) : undefined;
}

/** Types into a masked input once its mask (loaded lazily) is on. */
export async function typeMasked(
  user: { type: (element: Element, text: string) => Promise<void> },
  input: HTMLInputElement,
  text: string,
): Promise<void> {
  await waitFor(() => expect(input.inputmask).toBeDefined());
  await user.type(input, text);
}
