import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmailDeliveryError } from './email-sender';
import { createSmtpSender } from './smtp';

/** The smallest SMTP server that takes one message per session and keeps what it got. */
function fakeSmtpServer(received: { from: string; to: string[]; data: string }[]): Server {
  return createServer((socket: Socket) => {
    let envelope = { from: '', to: [] as string[], data: '' };
    let inData = false;
    let buffer = '';
    socket.write('220 fake.smtp ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let newline = buffer.indexOf('\r\n');
      while (newline >= 0) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push(envelope);
            envelope = { from: '', to: [], data: '' };
            socket.write('250 OK queued\r\n');
          } else envelope.data += `${line}\n`;
        } else if (/^(EHLO|HELO)/i.test(line)) socket.write('250 fake.smtp\r\n');
        else if (/^MAIL FROM:/i.test(line)) {
          envelope.from = line.slice(10);
          socket.write('250 OK\r\n');
        } else if (/^RCPT TO:/i.test(line)) {
          envelope.to.push(line.slice(8));
          socket.write(line.includes('reject') ? '550 No such user\r\n' : '250 OK\r\n');
        } else if (/^DATA/i.test(line)) {
          inData = true;
          socket.write('354 End data with <CR><LF>.<CR><LF>\r\n');
        } else if (/^QUIT/i.test(line)) socket.end('221 Bye\r\n');
        else socket.write('250 OK\r\n');
        newline = buffer.indexOf('\r\n');
      }
    });
  });
}

describe('the SMTP adapter', () => {
  const received: { from: string; to: string[]; data: string }[] = [];
  let server: Server;
  let url: string;

  beforeAll(async () => {
    server = fakeSmtpServer(received);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `smtp://127.0.0.1:${(server.address() as AddressInfo).port}?ignoreTLS=true`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('sends the letter with our From, the subject and the text (Russian included)', async () => {
    const sender = createSmtpSender({ url, from: '«Займо» <noreply@zaymo.ru>' });
    await sender.send({
      to: 'ivanov@mail.ru',
      subject: 'Восстановление пароля',
      text: 'Откройте ссылку: https://lk.zaymo.ru/email/reset?token=abc',
    });
    const letter = received.at(-1);
    expect(letter?.from).toContain('noreply@zaymo.ru');
    expect(letter?.to).toEqual(['<ivanov@mail.ru>']);
    expect(letter?.data).toMatch(/^Subject: =\?UTF-8\?/m);
    expect(letter?.data).toContain('To: ivanov@mail.ru');
  });

  it('reports a refused recipient as EmailDeliveryError', async () => {
    const sender = createSmtpSender({ url, from: 'noreply@zaymo.ru' });
    await expect(
      sender.send({ to: 'reject@mail.ru', subject: 'x', text: 'x' }),
    ).rejects.toBeInstanceOf(EmailDeliveryError);
  });
});
