import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages, sentMessages } from '../../src/db/schema';
import { requestCode } from '../helpers/accounts';
import { createClientWithSession } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { createStaffMember, staffHeaders } from './crm-helpers';

/** The console's SMS log is the same with a real provider as in the sandbox. */
describe('the message log with a real SMS provider (SMS.ru stand-in)', () => {
  let smsRu: Server;
  const delivered: URLSearchParams[] = [];
  let testApp: TestApp;

  beforeAll(async () => {
    smsRu = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        const form = new URLSearchParams(body);
        delivered.push(form);
        const to = form.get('to') ?? '';
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({
            status: 'OK',
            status_code: 100,
            sms: { [to]: { status: 'OK', status_code: 100, sms_id: `id-${delivered.length}` } },
          }),
        );
      });
    });
    await new Promise<void>((resolve) => smsRu.listen(0, '127.0.0.1', resolve));
    const port = (smsRu.address() as AddressInfo).port;
    testApp = await createTestApp({
      env: { SMS_RU_API_ID: 'TEST-API-ID', SMS_RU_URL: `http://127.0.0.1:${port}/sms/send` },
    });
  });
  afterAll(async () => {
    await testApp.close();
    await new Promise<void>((resolve) => smsRu.close(() => resolve()));
  });

  it('logs the SMS without its code, shows it in the client card, and keeps nothing in the outbox', async () => {
    const { client } = await createClientWithSession(testApp);
    const sent = await requestCode(testApp, client.phone, 'signin');
    expect(sent.statusCode, sent.body).toBe(200);

    const text = delivered.at(-1)?.get('msg') ?? '';
    const code = /\d{6}/.exec(text)?.[0];
    expect(code, text).toBeDefined();

    const logged = await testApp.ctx.db
      .select()
      .from(sentMessages)
      .where(eq(sentMessages.recipient, client.phone));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ channel: 'sms', provider: 'smsru' });
    expect(logged[0]?.text).toContain('код ••••••');
    expect(logged[0]?.text).not.toContain(code);
    expect(
      await testApp.ctx.db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.recipient, client.phone)),
    ).toEqual([]);

    const operator = await createStaffMember(testApp, 'operator');
    const card = await testApp.app.inject({
      method: 'GET',
      url: `/api/crm/clients/${client.id}`,
      headers: await staffHeaders(testApp, operator.row.id),
    });
    expect(card.statusCode, card.body).toBe(200);
    expect(card.json().data.messages).toEqual([
      expect.objectContaining({ channel: 'sms', recipient: client.phone, text: logged[0]?.text }),
    ]);
    expect(card.body).not.toContain(code);
  });

  it('logs nothing when the provider refuses the message', async () => {
    const refusing = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ status: 'ERROR', status_code: 200, status_text: 'api_id' }));
    });
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
    const refusingApp = await createTestApp({
      env: {
        SMS_RU_API_ID: 'TEST-API-ID',
        SMS_RU_URL: `http://127.0.0.1:${(refusing.address() as AddressInfo).port}/sms/send`,
      },
    });
    try {
      await expect(
        refusingApp.ctx.messaging.sms.send({ to: '+79990001122', text: 'Займо: код 123456' }),
      ).rejects.toThrow();
      expect(await refusingApp.ctx.db.select().from(sentMessages)).toEqual([]);
    } finally {
      await refusingApp.close();
      await new Promise<void>((resolve) => refusing.close(() => resolve()));
    }
  });
});
