import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { kopecks } from '@zaymo/contract';
import { MalformedGatewayAnswerError, PaymentGatewayError } from '../errors';
import { BEST2PAY_TIMEOUT_MS, Best2PayClient, assertApproved } from './client';
import { renderErrorXml, renderSignedXml, renderXml } from './xml-writer';
import { signatureOf, startGatewayStub, type GatewayStub, type StubRequest } from './test-stub';

const SECTOR = '2760';
const PASSWORD = 'sector-secret';
const PAN = '2200000000000004';

let stub: GatewayStub;

beforeAll(async () => {
  stub = await startGatewayStub();
});
afterAll(async () => {
  await stub.close();
});
beforeEach(() => stub.reset());

function client(timeoutMs?: number): Best2PayClient {
  return new Best2PayClient({
    baseUrl: `${stub.baseUrl}/`,
    sector: SECTOR,
    password: PASSWORD,
    timeoutMs,
  });
}

function request(index: number): StubRequest {
  const found = stub.requests[index];
  if (!found) throw new Error(`request ${index} was not made`);
  return found;
}

function formOf(index: number): Record<string, string> {
  return Object.fromEntries(request(index).form);
}

const orderXml = (id: string) =>
  renderSignedXml(
    'order',
    [
      ['id', id],
      ['state', 'REGISTERED'],
      ['amount', '150000'],
      ['currency', '643'],
    ],
    PASSWORD,
  );

function operationXml(fields: Record<string, string>): string {
  const base: Record<string, string> = {
    order_id: '5001',
    id: '9001',
    type: 'PURCHASE',
    state: 'APPROVED',
    reason_code: '1',
    message: 'Successful financial transaction',
    amount: '150000',
    currency: '643',
  };
  return renderSignedXml('operation', Object.entries({ ...base, ...fields }), PASSWORD);
}

describe('register', () => {
  it('posts the documented form fields, signed over sector+amount+currency+password', async () => {
    stub.on('webapi/Register', () => ({ body: orderXml('5001') }));
    const orderId = await client().register({
      amount: kopecks(150000n),
      description: 'Погашение по договору 17-001',
      reference: 'pay-17',
      url: 'https://zaymo.test/pay/callback',
      failurl: 'https://zaymo.test/pay/callback?fail=1',
      email: 'client@mail.ru',
      lifePeriod: 3600,
    });
    expect(orderId).toBe('5001');
    expect(request(0).method).toBe('POST');
    expect(request(0).path).toBe('/sandbox/best2pay/webapi/Register');
    expect(request(0).contentType).toMatch(/^application\/x-www-form-urlencoded/);
    expect(formOf(0)).toEqual({
      sector: SECTOR,
      amount: '150000',
      currency: '643',
      reference: 'pay-17',
      description: 'Погашение по договору 17-001',
      url: 'https://zaymo.test/pay/callback',
      failurl: 'https://zaymo.test/pay/callback?fail=1',
      email: 'client@mail.ru',
      life_period: '3600',
      signature: signatureOf(`${SECTOR}150000643${PASSWORD}`),
    });
  });

  it('accepts the bare order id of mode=1', async () => {
    stub.on('webapi/Register', () => ({ body: '5002' }));
    const orderId = await client().register({
      amount: kopecks(100n),
      description: 'x',
      reference: 'r',
      mode: 1,
    });
    expect(orderId).toBe('5002');
    expect(formOf(0).mode).toBe('1');
  });

  it('turns an <error> answer into a PaymentGatewayError with a Russian message', async () => {
    stub.on('webapi/Register', () => ({ body: renderErrorXml(109, 'Invalid signature') }));
    const failure = client().register({ amount: kopecks(100n), description: 'x', reference: 'r' });
    await expect(failure).rejects.toMatchObject({
      name: 'PaymentGatewayError',
      kind: 'gateway',
      gatewayCode: 109,
      outcomeUnknown: false,
      message: expect.stringMatching(/платёжном сервисе/) as unknown,
    });
  });
});

describe('purchasePageUrl', () => {
  it('is the hosted page the browser opens: sector, id, get_token, signature of sector+id', () => {
    const url = new URL(client().purchasePageUrl('5001', { getToken: true }));
    expect(url.pathname).toBe('/sandbox/best2pay/webapi/Purchase');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      sector: SECTOR,
      id: '5001',
      get_token: '1',
      signature: signatureOf(`${SECTOR}5001${PASSWORD}`),
    });
    expect(stub.requests).toHaveLength(0);
  });

  it('leaves get_token out when no token is wanted', () => {
    const url = new URL(client().purchasePageUrl('5001', { getToken: false }));
    expect(url.searchParams.has('get_token')).toBe(false);
  });
});

describe('purchaseByToken', () => {
  it('signs sector+id+token and returns the approved operation', async () => {
    stub.on('webapi/PurchaseByToken', () => ({ body: operationXml({ pan: '220000******0004' }) }));
    const operation = await client().purchaseByToken({ orderId: '5001', token: 'card-token-1' });
    expect(formOf(0)).toEqual({
      sector: SECTOR,
      id: '5001',
      token: 'card-token-1',
      signature: signatureOf(`${SECTOR}5001card-token-1${PASSWORD}`),
    });
    expect(operation).toMatchObject({
      state: 'APPROVED',
      amount: 150000n,
      panMasked: '220000******0004',
    });
    expect(assertApproved(operation)).toBe(operation);
  });

  it('returns a rejection; assertApproved gives the Russian reason', async () => {
    stub.on('webapi/PurchaseByToken', () => ({
      body: operationXml({ state: 'REJECTED', reason_code: '2', message: 'Insufficient funds' }),
    }));
    const operation = await client().purchaseByToken({ orderId: '5001', token: 't' });
    expect(operation.reasonCode).toBe(2);
    expect(() => assertApproved(operation)).toThrow('Недостаточно средств на карте');
  });
});

describe('p2pCredit', () => {
  it('registers the order, then pays out to a typed card number signed in the documented order', async () => {
    stub.on('webapi/Register', () => ({ body: orderXml('6001') }));
    stub.on('gateweb/P2PCredit', () => ({
      body: operationXml({
        order_id: '6001',
        id: '6002',
        type: 'P2PCREDIT',
        pan2: '220000******0004',
      }),
    }));
    const operation = await client().p2pCredit({
      pan: PAN,
      amount: kopecks(1500000n),
      reference: 'payout-3',
      description: 'Выдача займа по договору 17-001',
    });
    expect(request(0).path).toBe('/sandbox/best2pay/webapi/Register');
    expect(formOf(0)).toMatchObject({ amount: '1500000', currency: '643', reference: 'payout-3' });
    expect(request(1).path).toBe('/sandbox/best2pay/gateweb/P2PCredit');
    expect(formOf(1)).toEqual({
      sector: SECTOR,
      id: '6001',
      amount: '1500000',
      currency: '643',
      pan: PAN,
      signature: signatureOf(`${SECTOR}60011500000643${PAN}${PASSWORD}`),
    });
    expect(operation).toMatchObject({
      type: 'P2PCREDIT',
      state: 'APPROVED',
      panMasked: '220000******0004',
    });
  });

  it('pays out by token, signed sector+id+amount+currency+token', async () => {
    stub.on('webapi/Register', () => ({ body: orderXml('6001') }));
    stub.on('gateweb/P2PCredit', () => ({
      body: operationXml({ order_id: '6001', type: 'P2PCREDIT' }),
    }));
    await client().p2pCredit({
      token: 'tok-9',
      amount: kopecks(500n),
      reference: 'p',
      description: 'd',
    });
    expect(formOf(1).signature).toBe(signatureOf(`${SECTOR}6001500643tok-9${PASSWORD}`));
    expect(formOf(1).pan).toBeUndefined();
  });

  it('on a garbled answer: money may have moved, the order id is kept, the card number is not', async () => {
    stub.on('webapi/Register', () => ({ body: orderXml('6001') }));
    stub.on('gateweb/P2PCredit', () => ({ body: `<html>proxy error for ${PAN}</html>` }));
    const error = await client()
      .p2pCredit({ pan: PAN, amount: kopecks(500n), reference: 'p', description: 'd' })
      .then(
        () => null,
        (failure: unknown) => failure,
      );
    expect(error).toBeInstanceOf(MalformedGatewayAnswerError);
    if (!(error instanceof PaymentGatewayError)) throw new Error('expected PaymentGatewayError');
    expect(error).toMatchObject({ orderId: '6001', outcomeUnknown: true, kind: 'bad_answer' });
    expect(`${error.message} ${error.detail} ${JSON.stringify(error)}`).not.toContain(PAN);
  });
});

describe('reverse, getOrder, getOperation', () => {
  it('reverse signs sector+id+amount+currency', async () => {
    stub.on('webapi/Reverse', () => ({ body: operationXml({ type: 'REVERSE', amount: '100' }) }));
    const operation = await client().reverse({ orderId: '5001', amount: kopecks(100n) });
    expect(formOf(0)).toEqual({
      sector: SECTOR,
      id: '5001',
      amount: '100',
      currency: '643',
      signature: signatureOf(`${SECTOR}5001100643${PASSWORD}`),
    });
    expect(operation.type).toBe('REVERSE');
  });

  it('getOrder signs sector+id and reads the operations', async () => {
    stub.on('webapi/Order', () => ({
      body: renderXml('order', [
        ['id', '5001'],
        ['state', 'COMPLETED'],
        ['amount', '100'],
        ['currency', '643'],
      ]),
    }));
    const order = await client().getOrder('5001');
    expect(formOf(0)).toEqual({
      sector: SECTOR,
      id: '5001',
      signature: signatureOf(`${SECTOR}5001${PASSWORD}`),
    });
    expect(order).toMatchObject({ id: '5001', state: 'COMPLETED', amount: 100n, operations: [] });
  });

  it('getOperation sends get_token but signs only sector+id+operation', async () => {
    stub.on('webapi/Operation', () => ({ body: operationXml({ token: 'tok-new' }) }));
    const operation = await client().getOperation({
      orderId: '5001',
      operationId: '9001',
      getToken: true,
    });
    expect(formOf(0)).toEqual({
      sector: SECTOR,
      id: '5001',
      operation: '9001',
      get_token: '1',
      signature: signatureOf(`${SECTOR}50019001${PASSWORD}`),
    });
    expect(operation.token).toBe('tok-new');
  });
});

describe('transport failures', () => {
  it('waits 15 s by default', () => {
    expect(BEST2PAY_TIMEOUT_MS).toBe(15_000);
  });

  it('a timed-out charge is an unknown outcome, with the order id', async () => {
    stub.on('webapi/PurchaseByToken', () => ({ body: operationXml({}), delayMs: 500 }));
    await expect(
      client(100).purchaseByToken({ orderId: '5001', token: 't' }),
    ).rejects.toMatchObject({
      kind: 'timeout',
      outcomeUnknown: true,
      orderId: '5001',
    });
  });

  it('a timed-out status query is not', async () => {
    stub.on('webapi/Order', () => ({ body: orderXml('5001'), delayMs: 500 }));
    await expect(client(100).getOrder('5001')).rejects.toMatchObject({
      kind: 'timeout',
      outcomeUnknown: false,
    });
  });

  it('an HTTP error page is «unavailable»', async () => {
    stub.on('webapi/Register', () => ({ status: 502, body: '<html>Bad Gateway</html>' }));
    await expect(
      client().register({ amount: kopecks(1n), description: 'x', reference: 'r' }),
    ).rejects.toMatchObject({ kind: 'unavailable', detail: 'Register: HTTP 502' });
  });

  it('an <error> with an HTTP error status is still the gateway refusal', async () => {
    stub.on('webapi/Reverse', () => ({
      status: 400,
      body: renderErrorXml(133, 'Order not found'),
    }));
    await expect(client().reverse({ orderId: '1', amount: kopecks(1n) })).rejects.toMatchObject({
      kind: 'gateway',
      gatewayCode: 133,
    });
  });

  it('a refused connection is «unavailable»', async () => {
    const closed = await startGatewayStub();
    await closed.close();
    const offline = new Best2PayClient({
      baseUrl: closed.baseUrl,
      sector: SECTOR,
      password: PASSWORD,
    });
    await expect(offline.getOrder('1')).rejects.toMatchObject({ kind: 'unavailable' });
  });
});
