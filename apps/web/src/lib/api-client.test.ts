import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { mockFetch } from '../../test/fetch';
import { VALID_TOKEN } from '../../test/stores';
import { useDashboardStore } from '@/stores/dashboard';
import { useSessionStore } from '@/stores/session';
import { useSignupStore } from '@/stores/signup';
import { api, ApiError, NetworkError } from './api-client';
import { getCookie, setCookie } from './cookies';
import { registerNavigate } from './navigation';
import { setErrorReporter } from './reporter';
import { STORAGE_KEYS } from './storage';

afterEach(() => {
  registerNavigate(null);
  setErrorReporter(null);
});

function lastRequest(fetchMock: ReturnType<typeof mockFetch>) {
  const [url, init = {}] = fetchMock.mock.calls.at(-1) ?? [];
  return { url: String(url), init, headers: new Headers(init.headers) };
}

describe('api client: requests', () => {
  it('calls /api with JSON, the bearer token and the query string', async () => {
    useSessionStore.getState().setToken(VALID_TOKEN);
    const fetchMock = mockFetch(() => ({ body: { ok: true } }));

    const answer = await api.patch('/clients/update', {
      query: { step: 2, skip: undefined },
      body: { name: 'Иван' },
    });

    const { url, init, headers } = lastRequest(fetchMock);
    expect(answer).toEqual({ ok: true });
    expect(url).toBe('/api/clients/update?step=2');
    expect(init.method).toBe('PATCH');
    expect(init.body).toBe('{"name":"Иван"}');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get('Authorization')).toBe(`Bearer ${VALID_TOKEN}`);
  });

  it('sends no Authorization header without a token and accepts paths without a slash', async () => {
    const fetchMock = mockFetch(() => ({ body: {} }));

    await api.get('clients/moratorium');

    const { url, headers } = lastRequest(fetchMock);
    expect(url).toBe('/api/clients/moratorium');
    expect(headers.has('Authorization')).toBe(false);
  });

  it('passes FormData through for multipart uploads', async () => {
    const fetchMock = mockFetch(() => ({ body: {} }));
    const form = new FormData();
    form.append('text', 'Вопрос');

    await api.post('/tickets/auth_create', { body: form });

    const { init, headers } = lastRequest(fetchMock);
    expect(init.body).toBe(form);
    expect(headers.has('Content-Type')).toBe(false);
  });

  it('validates the answer with a zod schema', async () => {
    mockFetch(() => ({ body: { data: { client: { id: 5 } } } }));
    const schema = z.object({ data: z.object({ client: z.object({ id: z.number() }) }) });

    const answer = await api.get('/clients', { schema });

    expect(answer.data.client.id).toBe(5);
  });

  it('rejects and reports an answer that breaks the schema', async () => {
    const reporter = vi.fn();
    setErrorReporter(reporter);
    mockFetch(() => ({ body: { data: { client: { id: 'five' } } } }));
    const schema = z.object({ data: z.object({ client: z.object({ id: z.number() }) }) });

    await expect(api.get('/clients', { schema })).rejects.toBeInstanceOf(z.ZodError);
    expect(reporter).toHaveBeenCalledTimes(1);
  });

  it('returns binary answers as an ArrayBuffer', async () => {
    const bytes = new TextEncoder().encode('%PDF-1.7');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(bytes, { headers: { 'Content-Type': 'application/pdf' } })),
    );

    const buffer = await api.getBinary('/documents/contract/7.pdf');

    expect(buffer).toBeInstanceOf(ArrayBuffer);
    expect(new TextDecoder().decode(buffer)).toBe('%PDF-1.7');
  });
});

describe('api client: errors', () => {
  it('rethrows other errors as ApiError with status and data, after reporting them', async () => {
    const reporter = vi.fn();
    setErrorReporter(reporter);
    mockFetch(() => ({ status: 422, body: { message: 'Неверный код' } }));

    const error = await api.post('/orders/verify', { body: {} }).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, data: { message: 'Неверный код' } });
    expect(reporter).toHaveBeenCalledWith(error);
  });

  it('turns a failed connection into a NetworkError with a Russian message', async () => {
    const error = await api.get('/clients').catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(NetworkError);
    expect((error as Error).message).toMatch(/Нет связи с сервером/);
  });

  it('on 401 clears the session, stores and from_crm cookie, then goes to /signin', async () => {
    const navigate = vi.fn();
    const reporter = vi.fn();
    registerNavigate(navigate);
    setErrorReporter(reporter);
    const session = useSessionStore.getState();
    session.setToken(VALID_TOKEN);
    session.setPhone('79123456789');
    session.setAdmin(true);
    setCookie('from_crm', 'true');
    useDashboardStore.getState().update({ mainPageLink: '/profile/declineOrder', admin: true });
    useSignupStore.getState().update({ userId: 9, step: 2 });
    mockFetch(() => ({ status: 401, body: { message: 'Сессия истекла' } }));

    await expect(api.get('/clients')).rejects.toMatchObject({ status: 401 });

    expect(useSessionStore.getState()).toMatchObject({ token: null, phone: null, admin: false });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(getCookie('from_crm')).toBeUndefined();
    expect(useDashboardStore.getState().mainPageLink).toBe('/loan');
    expect(useSignupStore.getState()).toMatchObject({ userId: null, step: null });
    expect(navigate).toHaveBeenCalledWith('/signin', undefined);
    expect(reporter).not.toHaveBeenCalled();
  });
});
