import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { kopecks, roubles } from '@zaymo/contract';
import { MalformedGatewayAnswerError } from '../errors';
import { Best2PayClient } from './client';
import { Best2PayGateway } from './best2pay-gateway';
import { renderSignedXml, renderXml } from './xml-writer';
import { signatureOf, startGatewayStub, type GatewayStub } from './test-stub';

const SECTOR = '2760';
const PASSWORD = 'sector-secret';

let stub: GatewayStub;
let gateway: Best2PayGateway;

beforeAll(async () => {
  stub = await startGatewayStub();
  gateway = new Best2PayGateway(
    new Best2PayClient({ baseUrl: stub.baseUrl, sector: SECTOR, password: PASSWORD }),
  );
});
afterAll(async () => {
  await stub.close();
});
beforeEach(() => stub.reset());

function answer(root: 'order' | 'operation', fields: Record<string, string>): string {
  return renderSignedXml(root, Object.entries(fields), PASSWORD);
}

const approved = {
  order_id: '7001',
  id: '7002',
  reference: 'bind-1',
  type: 'PURCHASE',
  state: 'APPROVED',
  reason_code: '1',
  amount: '100',
  currency: '643',
};

describe('Best2PayGateway', () => {
  it('bindCardStart registers 1 ₽ with the return addresses and gives the token page', async () => {
    stub.on('webapi/Register', () => ({ body: answer('order', { id: '7001', amount: '100' }) }));
    const start = await gateway.bindCardStart({
      reference: 'bind-1',
      returnUrl: 'https://zaymo.test/pay/callback',
      failUrl: 'https://zaymo.test/pay/callback?failed=1',
    });
    const form = Object.fromEntries(stub.requests[0]?.form ?? []);
    expect(form).toMatchObject({
      amount: '100',
      currency: '643',
      reference: 'bind-1',
      description: 'Привязка банковской карты',
      url: 'https://zaymo.test/pay/callback',
      failurl: 'https://zaymo.test/pay/callback?failed=1',
    });
    expect(start.orderId).toBe('7001');
    expect(start.amount).toBe(roubles(1));
    const page = new URL(start.url);
    expect(page.pathname).toBe('/sandbox/best2pay/webapi/Purchase');
    expect(page.searchParams.get('get_token')).toBe('1');
    expect(page.searchParams.get('signature')).toBe(signatureOf(`${SECTOR}7001${PASSWORD}`));
  });

  it('confirmBinding gives the card: token, masked number, expiry, payment system', async () => {
    stub.on('webapi/Operation', () => ({
      body: answer('operation', {
        ...approved,
        pan: '220220******1234',
        expdate: '0928',
        name: 'IVAN IVANOV',
        token: 'tok-bound',
      }),
    }));
    const result = await gateway.confirmBinding('7001', '7002');
    expect(stub.requests[0]?.form.get('get_token')).toBe('1');
    expect(result).toEqual({
      orderId: '7001',
      operationId: '7002',
      reference: 'bind-1',
      status: 'approved',
      amount: 100n,
      card: {
        token: 'tok-bound',
        panMasked: '220220******1234',
        expiry: '09/28',
        holder: 'IVAN IVANOV',
        paymentSystem: 'mir',
      },
    });
  });

  it('confirmBinding of a failed 3-D Secure tells the client why', async () => {
    stub.on('webapi/Operation', () => ({
      body: answer('operation', { ...approved, state: 'REJECTED', reason_code: '7' }),
    }));
    const result = await gateway.confirmBinding('7001', '7002');
    expect(result).toMatchObject({
      status: 'declined',
      reasonCode: 7,
      message: 'Не пройдена проверка 3-D Secure',
    });
  });

  it('confirmBinding refuses an approved binding without a token', async () => {
    stub.on('webapi/Operation', () => ({
      body: answer('operation', { ...approved, pan: '220220******1234' }),
    }));
    await expect(gateway.confirmBinding('7001', '7002')).rejects.toBeInstanceOf(
      MalformedGatewayAnswerError,
    );
  });

  it('confirmBinding refuses an answer about another operation', async () => {
    stub.on('webapi/Operation', () => ({ body: answer('operation', { ...approved, id: '9999' }) }));
    await expect(gateway.confirmBinding('7001', '7002')).rejects.toBeInstanceOf(
      MalformedGatewayAnswerError,
    );
  });

  it('chargeByToken registers, charges and reports a decline as a result', async () => {
    stub.on('webapi/Register', () => ({ body: answer('order', { id: '8001' }) }));
    stub.on('webapi/PurchaseByToken', () => ({
      body: answer('operation', {
        ...approved,
        order_id: '8001',
        id: '8002',
        reference: 'pay-9',
        state: 'REJECTED',
        reason_code: '2',
        amount: '2500000',
      }),
    }));
    const move = await gateway.chargeByToken({
      token: 'tok-bound',
      amount: kopecks(2500000n),
      reference: 'pay-9',
      description: 'Погашение займа',
    });
    expect(stub.requests.map((r) => r.path)).toEqual([
      '/sandbox/best2pay/webapi/Register',
      '/sandbox/best2pay/webapi/PurchaseByToken',
    ]);
    expect(stub.requests[1]?.form.get('id')).toBe('8001');
    expect(move).toMatchObject({
      status: 'declined',
      orderId: '8001',
      operationId: '8002',
      amount: 2500000n,
      message: 'Недостаточно средств на карте',
    });
  });

  it('payout by token is approved with an empty message', async () => {
    stub.on('webapi/Register', () => ({ body: answer('order', { id: '8101' }) }));
    stub.on('gateweb/P2PCredit', () => ({
      body: answer('operation', {
        ...approved,
        order_id: '8101',
        type: 'P2PCREDIT',
        amount: '1500000',
      }),
    }));
    const move = await gateway.payout({
      token: 'tok-bound',
      amount: kopecks(1500000n),
      reference: 'payout-1',
      description: 'Выдача займа',
    });
    expect(move).toMatchObject({
      status: 'approved',
      type: 'P2PCREDIT',
      message: '',
      amount: 1500000n,
    });
  });

  it('an operation state it does not know stays pending (to be re-checked, never retried)', async () => {
    stub.on('webapi/Reverse', () => ({
      body: answer('operation', { ...approved, type: 'REVERSE', state: 'IN_PROGRESS' }),
    }));
    const move = await gateway.reverse({ orderId: '7001', amount: kopecks(100n) });
    expect(move.status).toBe('pending');
  });

  it('status maps the order state and its operations', async () => {
    stub.on('webapi/Order', () => ({
      body: renderXml('order', [
        ['id', '7001'],
        ['state', 'CANCELED'],
        ['amount', '100'],
        ['currency', '643'],
      ]),
    }));
    const status = await gateway.status('7001');
    expect(status).toMatchObject({
      orderId: '7001',
      state: 'reversed',
      gatewayState: 'CANCELED',
      amount: 100n,
    });
  });
});
