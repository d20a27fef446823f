import { describe, expect, it } from 'vitest';
import { MalformedGatewayAnswerError } from '../errors';
import { parseAnswer } from './xml';

const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';

describe('Best2Pay СБП answers', () => {
  it('reads the bank list, the recipient check and the QR link', () => {
    expect(
      parseAnswer(`${HEAD}<banks><bank><id>100000000111</id><name>Сбербанк</name></bank></banks>`),
    ).toEqual({ kind: 'banks', banks: [{ id: '100000000111', name: 'Сбербанк' }] });
    expect(
      parseAnswer(
        `${HEAD}<precheck><order_id>500001</order_id><precheck_id>pc1</precheck_id><pam>Иван Иванович И.</pam></precheck>`,
      ),
    ).toEqual({
      kind: 'precheck',
      precheck: { orderId: '500001', precheckId: 'pc1', recipientName: 'Иван Иванович И.' },
    });
    expect(
      parseAnswer(
        `${HEAD}<response><data><sbpOperationId>AS1</sbpOperationId><nspkLink>https://qr.nspk.ru/AS1?type=02&amp;bank=100000000111</nspkLink></data></response>`,
      ),
    ).toEqual({
      kind: 'qrLink',
      qrLink: { sbpOperationId: 'AS1', link: 'https://qr.nspk.ru/AS1?type=02&bank=100000000111' },
    });
  });

  it('refuses a check without the holder’s name and a link that is not a URL', () => {
    expect(() =>
      parseAnswer(`${HEAD}<precheck><order_id>1</order_id><precheck_id>p</precheck_id></precheck>`),
    ).toThrow(MalformedGatewayAnswerError);
    expect(() =>
      parseAnswer(
        `${HEAD}<response><data><sbpOperationId>A</sbpOperationId><nspkLink>nope</nspkLink></data></response>`,
      ),
    ).toThrow(MalformedGatewayAnswerError);
  });
});
