import type { Clock } from '../clock';
import type { Database } from '../db';
import { insertJsonRows } from '../db/json-rows';
import { sentMessages } from '../db/schema';
import type { Messaging } from './messaging';
import { sendManySms } from './sms/sms-sender';

/*
 * The message log: whatever the provider (SMS.ru, SMTP or the sandbox outbox), a message that went
 * out is written to sent_messages without its secrets, so the console shows the same log in
 * production as in the sandbox («SMS and e-mail log, without codes»).
 */

const CODE_AFTER_WORD = /(код[а-я]*\s*[:—-]?\s*)\d{4,8}/giu;
const SECRET_IN_LINK = /([?&#](?:token|code|t|key)=)[^&\s"'<>]+/giu;

/** A sent message as staff may read it: codes and link tokens replaced by «•••». */
export function redactMessage(text: string): string {
  return text.replace(CODE_AFTER_WORD, '$1••••••').replace(SECRET_IN_LINK, '$1•••');
}

/** The same senders, each writing a redacted row once its provider has accepted the message. */
export function withMessageLog(messaging: Messaging, db: Database, clock: Clock): Messaging {
  const record = async (
    channel: 'sms' | 'email',
    provider: string,
    messages: readonly { to: string; subject?: string; text: string }[],
  ) => {
    if (messages.length === 0) return;
    const now = clock.now();
    await insertJsonRows(
      db,
      sentMessages,
      messages.map((message) => ({
        channel,
        recipient: message.to,
        subject: message.subject ?? null,
        text: redactMessage(message.text),
        provider,
        sent_at: now,
      })),
      {
        channel: 'text',
        recipient: 'text',
        subject: 'text',
        text: 'text',
        provider: 'text',
        sent_at: 'timestamptz',
      },
    );
  };
  const { sms, email } = messaging;
  return {
    sms: {
      name: sms.name,
      async send(message) {
        await sms.send(message);
        await record('sms', sms.name, [message]);
      },
      async sendMany(messages) {
        const outcomes = await sendManySms(sms, messages);
        await record(
          'sms',
          sms.name,
          messages.filter((_message, index) => outcomes[index] === null),
        );
        return outcomes;
      },
    },
    email: {
      name: email.name,
      async send(message) {
        await email.send(message);
        await record('email', email.name, [message]);
      },
    },
  };
}
