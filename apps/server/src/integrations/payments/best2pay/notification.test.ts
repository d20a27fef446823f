import { describe, expect, it } from 'vitest';
import { InvalidSignatureError, MalformedGatewayAnswerError } from '../errors';
import { verifyNotification } from './notification';
import { renderXml } from './xml-writer';
import { signatureOf } from './test-stub';

const PASSWORD = 'notify-secret';

const fields: Array<[string, string]> = [
  ['order_id', '882463681'],
  ['order_state', 'COMPLETED'],
  ['reference', 'bind-5'],
  ['id', '1314306664'],
  ['date', '2026.05.17 14:03:12'],
  ['type', 'PURCHASE'],
  ['state', 'APPROVED'],
  ['reason_code', '1'],
  ['message', 'Успешно'],
  ['pan', '220220******1234'],
  ['token', 'tok-1'],
  ['amount', '100'],
  ['currency', '643'],
];

/** Signed by hand: every value in document order, then the password. */
const concatenated = fields.map(([, value]) => value).join('') + PASSWORD;

function notification(signature: string, body = fields): string {
  return renderXml('operation', [...body, ['signature', signature]]);
}

describe('verifyNotification', () => {
  it('returns the operation when the signature covers the tags in order', () => {
    const operation = verifyNotification(notification(signatureOf(concatenated)), PASSWORD);
    expect(operation).toMatchObject({
      id: '1314306664',
      orderId: '882463681',
      state: 'APPROVED',
      token: 'tok-1',
      amount: 100n,
      panMasked: '220220******1234',
    });
  });

  it('accepts tags it does not know, as long as they are signed, and ignores ofd_state', () => {
    const extended: Array<[string, string]> = [
      ...fields,
      ['approval_code', 'A1'],
      ['ofd_state', 'X'],
    ];
    const signature = signatureOf(`${fields.map(([, v]) => v).join('')}A1${PASSWORD}`);
    expect(verifyNotification(notification(signature, extended), PASSWORD).approvalCode).toBe('A1');
  });

  it('refuses a changed amount', () => {
    const tampered = fields.map(([name, value]): [string, string] =>
      name === 'amount' ? [name, '100000'] : [name, value],
    );
    expect(() =>
      verifyNotification(notification(signatureOf(concatenated), tampered), PASSWORD),
    ).toThrow(InvalidSignatureError);
  });

  it('refuses reordered tags, another password and a missing signature', () => {
    const reordered = [...fields].reverse();
    expect(() =>
      verifyNotification(notification(signatureOf(concatenated), reordered), PASSWORD),
    ).toThrow(InvalidSignatureError);
    expect(() => verifyNotification(notification(signatureOf(concatenated)), 'other')).toThrow(
      InvalidSignatureError,
    );
    expect(() => verifyNotification(renderXml('operation', fields), PASSWORD)).toThrow(
      InvalidSignatureError,
    );
  });

  it('refuses what is not an operation document', () => {
    expect(() => verifyNotification('<order><id>1</id></order>', PASSWORD)).toThrow(
      MalformedGatewayAnswerError,
    );
    expect(() => verifyNotification('id=1&state=APPROVED', PASSWORD)).toThrow(
      MalformedGatewayAnswerError,
    );
  });
});
