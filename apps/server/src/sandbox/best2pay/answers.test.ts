import { describe, expect, it } from 'vitest';
import { parseAnswer, verifyNotification } from '../../integrations/payments';
import { gatewayDate, operationXml, orderWithOperationsXml } from './answers';
import type { SandboxOperation, SandboxOrder } from './store';

const PASSWORD = 'sandbox-password';
const AT = new Date('2026-05-17T11:03:12Z');

const ORDER: SandboxOrder = {
  id: 500001,
  sector: '7301',
  amount: 100n,
  currency: '643',
  reference: 'bind-1',
  description: 'Привязка <карты> & проверка',
  url: 'http://127.0.0.1:3000/pay/callback',
  failurl: null,
  notifyUrl: null,
  email: null,
  phone: null,
  state: 'REVERSED',
  createdAt: AT,
  expiresAt: null,
};

function operation(
  id: number,
  type: string,
  extra: Partial<SandboxOperation> = {},
): SandboxOperation {
  return {
    id,
    orderId: ORDER.id,
    type,
    state: 'APPROVED',
    reasonCode: 1,
    amount: 100n,
    currency: '643',
    panMasked: '220000******0004',
    expiry: '12/30',
    holder: 'IVAN IVANOV',
    token: 'b2ps_token',
    tokenRequested: true,
    chargeBehaviour: null,
    challenge: null,
    createdAt: AT,
    notifiedAt: null,
    ...extra,
  };
}

describe('the sandbox gateway documents', () => {
  it('writes the gateway date in Moscow time', () => {
    expect(gatewayDate(AT)).toBe('2026.05.17 14:03:12');
  });

  it('signs operations so that our notification check accepts them; no token unless asked', () => {
    const xml = operationXml(ORDER, operation(900001, 'PURCHASE'), PASSWORD);
    expect(xml).not.toContain('b2ps_token');
    const parsed = verifyNotification(xml, PASSWORD);
    expect(parsed).toMatchObject({
      id: '900001',
      orderId: '500001',
      type: 'PURCHASE',
      state: 'APPROVED',
      panMasked: '220000******0004',
      expiry: '12/30',
      token: null,
    });
    const withToken = operationXml(ORDER, operation(900001, 'PURCHASE'), PASSWORD, {
      withToken: true,
    });
    expect(verifyNotification(withToken, PASSWORD).token).toBe('b2ps_token');
  });

  it('nests the operations of an order (webapi/Order), signed over every leaf', () => {
    const xml = orderWithOperationsXml(
      ORDER,
      [operation(900001, 'PURCHASE'), operation(900002, 'REVERSE', { token: null })],
      PASSWORD,
    );
    const answer = parseAnswer(xml);
    expect(answer.kind).toBe('order');
    if (answer.kind !== 'order') return;
    expect(answer.order).toMatchObject({ id: '500001', state: 'REVERSED', reference: 'bind-1' });
    expect(answer.order.description).toBe('Привязка <карты> & проверка');
    expect(answer.order.operations.map((op) => op.type)).toEqual(['PURCHASE', 'REVERSE']);
    expect(xml).toMatch(/<\/operations><signature>[^<]+<\/signature><\/order>$/);
  });
});
