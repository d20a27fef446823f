import { http, HttpResponse } from 'msw';
import { apiErrorMessage } from '@zaymo/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, apiServer, mockApi } from '../../test/api';
import { VALID_TOKEN } from '../../test/stores';
import { useDashboardStore } from '@/stores/dashboard';
import { useSessionStore } from '@/stores/session';
import { useSignupStore } from '@/stores/signup';
import { api, ApiError, fillPath, NetworkError } from './api-client';
import { getCookie, setCookie } from './cookies';
import { registerNavigate } from './navigation';
import { setErrorReporter } from './reporter';
import { STORAGE_KEYS } from './storage';

afterEach(() => {
  registerNavigate(null);
  setErrorReporter(null);
});

describe('api client: requests', () => {
  it('calls /api with JSON and the bearer token, and gives the answer', async () => {
    useSessionStore.getState().setToken(VALID_TOKEN);
    const log = mockApi('/clients/confirm_reset', { data: { ok: true } });
    const body = { token: 't'.repeat(40), password: 'Xy7!pass-word-42' };

    const answer = await api.post('/clients/confirm_reset', { body });

    expect(answer).toEqual({ data: { ok: true } });
    const [request] = log.calls;
    expect(request?.body).toEqual(body);
    expect(request?.headers.get('Content-Type')).toBe('application/json');
    expect(request?.headers.get('Authorization')).toBe(`Bearer ${VALID_TOKEN}`);
  });

  it('fills :params (encoded) and drops empty query values', async () => {
    const log = mockApi('/clients/update', { data: { step_data: { step_value: 3 } } });

    await api.patch('/clients/update', {
      query: { step: 2 },
      body: { email: 'ivan@mail.ru' },
    });

    expect(log.calls[0]?.query).toEqual({ step: '2' });
    expect(fillPath('/pay/payment/:contract', { contract: 'ЗМ 1/2' })).toBe(
      '/pay/payment/%D0%97%D0%9C%201%2F2',
    );
    expect(() => fillPath('/orders/:orderId/reject', {})).toThrow(/orderId/);
  });

  it('sends no Authorization header without a token', async () => {
    const log = mockApi('/clients/moratorium', {
      data: { data: { status: true, end_date: null } },
    });

    await api.get('/clients/moratorium');

    expect(log.calls[0]?.headers.has('Authorization')).toBe(false);
  });

  it('returns binary answers as an ArrayBuffer', async () => {
    apiServer.use(
      http.get('*/api/documents/contract/7.pdf', () =>
        HttpResponse.arrayBuffer(new TextEncoder().encode('%PDF-1.7').buffer as ArrayBuffer, {
          headers: { 'Content-Type': 'application/pdf' },
        }),
      ),
    );

    const buffer = await api.getBinary('/documents/contract/7.pdf');

    expect(new TextDecoder().decode(buffer)).toBe('%PDF-1.7');
  });
});

describe('api client: errors', () => {
  it('rethrows error answers as ApiError with code, status and data, after reporting them', async () => {
    const reporter = vi.fn();
    setErrorReporter(reporter);
    mockApi('/orders/verify', apiError('SMS_CODE_WRONG', { params: { left: 2 } }));

    const error = await api
      .post('/orders/verify', { body: { order_id: 1, code: '123456' } })
      .catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: 'SMS_CODE_WRONG',
      status: 400,
      message: apiErrorMessage('SMS_CODE_WRONG', { left: 2 }),
    });
    expect(reporter).toHaveBeenCalledWith(error);
  });

  it('reads an answer without a known code (a proxy page) by its status', () => {
    expect(new ApiError(502, '<html>Bad Gateway</html>')).toMatchObject({
      code: 'INTERNAL',
      message: '',
    });
    expect(new ApiError(429, '<html>Too Many Requests</html>').code).toBe('TOO_MANY_REQUESTS');
    expect(new ApiError(400, { code: 'NOPE', message: 'x' })).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'x',
    });
  });

  it('turns a failed connection into a NetworkError with a Russian message', async () => {
    apiServer.use(http.get('*/api/clients', () => HttpResponse.error()));

    const error = await api.get('/clients').catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(NetworkError);
    expect((error as Error).message).toMatch(/Нет связи с сервером/);
  });

  it('on UNAUTHORIZED clears the session, stores and from_crm cookie, then goes to /signin', async () => {
    const navigate = vi.fn();
    const reporter = vi.fn();
    registerNavigate(navigate);
    setErrorReporter(reporter);
    const session = useSessionStore.getState();
    session.setToken(VALID_TOKEN);
    session.setPhone('79123456789');
    session.setAdmin(true);
    setCookie('from_crm', 'true');
    useDashboardStore.getState().setMainPageLink('/profile/declineOrder');
    useSignupStore.getState().update({ userId: 9, step: 2 });
    mockApi('/clients', apiError('UNAUTHORIZED'));

    await expect(api.get('/clients')).rejects.toMatchObject({ code: 'UNAUTHORIZED' });

    expect(useSessionStore.getState()).toMatchObject({ token: null, phone: null, admin: false });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(getCookie('from_crm')).toBeUndefined();
    expect(useDashboardStore.getState().mainPageLink).toBe('/loan');
    expect(useSignupStore.getState()).toMatchObject({ userId: null, step: null });
    expect(navigate).toHaveBeenCalledWith('/signin', undefined);
    expect(reporter).not.toHaveBeenCalled();
  });

  it('on UNAUTHORIZED keeps a session another tab stored meanwhile, and stays on the page', async () => {
    const navigate = vi.fn();
    registerNavigate(navigate);
    useSessionStore.getState().setToken(VALID_TOKEN);
    const newer = `${VALID_TOKEN}-newer`;
    localStorage.setItem(STORAGE_KEYS.token, newer);
    mockApi('/clients', apiError('UNAUTHORIZED'));

    await expect(api.get('/clients')).rejects.toMatchObject({ code: 'UNAUTHORIZED' });

    expect(useSessionStore.getState().token).toBe(newer);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe(newer);
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('contract checks of the mocked API', () => {
  it('records a request body that does not match the route schema', async () => {
    const { takeContractViolations } = await import('../../test/api');
    mockApi('/orders/verify', apiError('UNPROCESSABLE'));

    await api
      // @ts-expect-error: the wrong body on purpose, as a wrong call would send it
      .post('/orders/verify', { body: { order_id: 'one' } })
      .catch(() => undefined);

    expect(takeContractViolations()).toEqual([
      expect.stringMatching(/^POST \/orders\/verify: body does not match the contract/),
    ]);
  });

  it('records an answer that does not match the response schema', async () => {
    const { takeContractViolations } = await import('../../test/api');
    // @ts-expect-error: a broken answer on purpose
    mockApi('/clients/moratorium', { data: { data: { status: 'yes' } } });

    await api.get('/clients/moratorium');

    expect(takeContractViolations()).toEqual([
      expect.stringMatching(/^GET \/clients\/moratorium: answer does not match the contract/),
    ]);
  });
});
