import { describe, expect, it } from 'vitest';
import { MalformedGatewayAnswerError } from '../errors';
import {
  elementsNestDeeperThan,
  leafFields,
  MAX_XML_DEPTH,
  normalizeExpiry,
  parseAnswer,
  parseXmlDocument,
} from './xml';

const approvedPurchase = `<?xml version="1.0" encoding="UTF-8"?>
<operation>
  <order_id>882463681</order_id>
  <order_state>COMPLETED</order_state>
  <reference>pay-17</reference>
  <id>1314306664</id>
  <date>2026.05.17 14:03:12</date>
  <type>PURCHASE</type>
  <state>APPROVED</state>
  <reason_code>1</reason_code>
  <message>Successful financial transaction</message>
  <name>IVAN IVANOV</name>
  <pan>220220******1234</pan>
  <expdate>12/2027</expdate>
  <token>b7e0c6b4-token</token>
  <amount>1234567</amount>
  <currency>643</currency>
  <approval_code>A1B2C3</approval_code>
  <signature>c2lnbmF0dXJl</signature>
</operation>`;

const insufficientFunds = `<?xml version="1.0" encoding="UTF-8"?>
<operation><order_id>9001</order_id><order_state>REGISTERED</order_state><reference>pay-18</reference><id>9002</id><date>2026.05.17 14:05:00</date><type>PURCHASE</type><state>REJECTED</state><reason_code>2</reason_code><message>Недостаточно средств</message><pan>411111******1111</pan><amount>500000</amount><currency>643</currency><signature>eA==</signature></operation>`;

const errorAnswer = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<error>
    <description>Invalid signature</description>
    <code>109</code>
</error>`;

const orderWithOperations = `<?xml version="1.0" encoding="UTF-8"?>
<order>
  <id>882463681</id><state>COMPLETED</state><inprogress>0</inprogress><date>2026.05.17 14:00:00</date>
  <amount>100</amount><currency>643</currency><email>client@mail.ru</email><reference>bind-5</reference>
  <description>Привязка банковской карты</description><url>https://zaymo.test/pay/callback</url>
  <parameters number="1"><parameter><name>mode</name><value>1</value></parameter></parameters>
  <operations>
    <operation><id>1</id><order_id>882463681</order_id><type>PURCHASE</type><state>APPROVED</state><amount>100</amount><currency>643</currency></operation>
    <operation><id>2</id><order_id>882463681</order_id><type>REVERSE</type><state>APPROVED</state><amount>100</amount><currency>643</currency></operation>
  </operations>
  <signature>c2ln</signature>
</order>`;

function expectMalformed(xml: string): void {
  expect(() => parseAnswer(xml)).toThrow(MalformedGatewayAnswerError);
}

describe('parseAnswer', () => {
  it('reads an approved operation with amounts as kopecks bigint', () => {
    const answer = parseAnswer(approvedPurchase);
    if (answer.kind !== 'operation') throw new Error(`expected operation, got ${answer.kind}`);
    expect(answer.operation).toEqual({
      id: '1314306664',
      orderId: '882463681',
      orderState: 'COMPLETED',
      reference: 'pay-17',
      type: 'PURCHASE',
      state: 'APPROVED',
      reasonCode: 1,
      message: 'Successful financial transaction',
      amount: 1234567n,
      currency: '643',
      fee: null,
      panMasked: '220220******1234',
      token: 'b7e0c6b4-token',
      holder: 'IVAN IVANOV',
      expiry: '12/27',
      date: '2026.05.17 14:03:12',
      approvalCode: 'A1B2C3',
    });
    expect(typeof answer.operation.amount).toBe('bigint');
  });

  it('reads a rejection with its reason code (2: insufficient funds)', () => {
    const answer = parseAnswer(insufficientFunds);
    if (answer.kind !== 'operation') throw new Error(`expected operation, got ${answer.kind}`);
    expect(answer.operation).toMatchObject({
      state: 'REJECTED',
      reasonCode: 2,
      message: 'Недостаточно средств',
      amount: 500000n,
      token: null,
    });
  });

  it('reads an error answer', () => {
    expect(parseAnswer(errorAnswer)).toEqual({
      kind: 'error',
      error: { code: 109, description: 'Invalid signature' },
    });
  });

  it('reads an order with its nested operations', () => {
    const answer = parseAnswer(orderWithOperations);
    if (answer.kind !== 'order') throw new Error(`expected order, got ${answer.kind}`);
    expect(answer.order).toMatchObject({
      id: '882463681',
      state: 'COMPLETED',
      amount: 100n,
      reference: 'bind-5',
      description: 'Привязка банковской карты',
    });
    expect(answer.order.operations.map((op) => [op.id, op.type, op.amount])).toEqual([
      ['1', 'PURCHASE', 100n],
      ['2', 'REVERSE', 100n],
    ]);
  });

  it('never keeps a full card number, even if the gateway sent one', () => {
    const leaky = insufficientFunds.replace('411111******1111', '4111111111111111');
    const answer = parseAnswer(leaky);
    if (answer.kind !== 'operation') throw new Error('expected operation');
    expect(answer.operation.panMasked).toBe('411111******1111');
    expect(JSON.stringify(answer, (_key, value: unknown) => String(value))).not.toContain(
      '4111111111111111',
    );
  });

  it('falls back to pan2 (the payout card) for the masked number', () => {
    const payout = insufficientFunds.replace('<pan>', '<pan2>').replace('</pan>', '</pan2>');
    const answer = parseAnswer(payout);
    if (answer.kind !== 'operation') throw new Error('expected operation');
    expect(answer.operation.panMasked).toBe('411111******1111');
  });

  it.each([
    ['empty', ''],
    ['not XML', 'Internal Server Error'],
    ['broken tags', '<operation><id>1</operation>'],
    ['HTML page', '<html><body>502 Bad Gateway</body></html>'],
    ['two roots', '<error><code>1</code></error><error><code>2</code></error>'],
  ])('refuses garbled input: %s', (_label, xml) => {
    expectMalformed(xml);
  });

  it('refuses documents with entity declarations', () => {
    expectMalformed(
      '<!DOCTYPE x [<!ENTITY a "b">]><error><code>1</code><description>&a;</description></error>',
    );
  });

  it('refuses an operation without the fields an operation must have', () => {
    expectMalformed('<operation><id>1</id><state>APPROVED</state></operation>');
    expectMalformed(
      insufficientFunds.replace('<amount>500000</amount>', '<amount>5000.00</amount>'),
    );
  });

  it('tells which fields failed without echoing their values', () => {
    try {
      parseAnswer(
        insufficientFunds.replace('<amount>500000</amount>', '<amount>4111111111111111x</amount>'),
      );
      throw new Error('should have thrown');
    } catch (error) {
      if (!(error instanceof MalformedGatewayAnswerError)) throw error;
      expect(error.detail).toContain('amount');
      expect(error.detail).not.toContain('4111111111111111');
      expect(error.message).toMatch(/Платёжный сервис/);
    }
  });
});

describe('parseXmlDocument and leafFields', () => {
  it('keeps values exactly as sent and in document order, entities decoded', () => {
    const root = parseXmlDocument(
      '<operation><message> A &amp; B </message><id>7</id><parameters><name>mode</name></parameters></operation>',
    );
    expect(leafFields(root)).toEqual([
      ['message', ' A & B '],
      ['id', '7'],
      ['name', 'mode'],
    ]);
  });
});

describe('normalizeExpiry', () => {
  it.each([
    ['12/2027', '12/27'],
    ['12/27', '12/27'],
    ['0127', '01/27'],
    ['13/27', null],
    ['', null],
    [undefined, null],
  ])('%s → %s', (raw, expected) => {
    expect(normalizeExpiry(raw)).toBe(expected);
  });
});

describe('elementsNestDeeperThan', () => {
  it('counts elements inside one another, not side by side or self-closing', () => {
    expect(elementsNestDeeperThan('<?xml version="1.0"?><a><b><c/></b><b>1</b></a>', 2)).toBe(
      false,
    );
    expect(elementsNestDeeperThan('<a><b><c>1</c></b></a>', 2)).toBe(true);
  });

  it('refuses a document thousands of levels deep before parsing it', () => {
    const deep = `<operation>${'<a>'.repeat(5000)}1${'</a>'.repeat(5000)}</operation>`;
    expect(elementsNestDeeperThan(deep, MAX_XML_DEPTH)).toBe(true);
    expect(() => parseXmlDocument(deep)).toThrow(MalformedGatewayAnswerError);
  });
});
