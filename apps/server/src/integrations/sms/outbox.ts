import type { Clock } from '../../clock';
import type { Database } from '../../db';
import { insertJsonRows } from '../../db/json-rows';
import { outboxMessages } from '../../db/schema';
import type { SmsMessage, SmsSender } from './sms-sender';

/** The sandbox: the SMS lands in the outbox table, readable at GET /api/dev/outbox. */
export function createOutboxSmsSender(db: Database, clock: Clock): SmsSender {
  return {
    name: 'outbox',
    async send(message: SmsMessage) {
      await db.insert(outboxMessages).values({
        channel: 'sms',
        recipient: message.to,
        subject: null,
        body: message.text,
        createdAt: clock.now(),
      });
    },
    async sendMany(messages: readonly SmsMessage[]) {
      if (messages.length === 0) return [];
      const now = clock.now();
      await insertJsonRows(
        db,
        outboxMessages,
        messages.map((message) => ({
          channel: 'sms',
          recipient: message.to,
          body: message.text,
          created_at: now,
        })),
        { channel: 'text', recipient: 'text', body: 'text', created_at: 'timestamptz' },
      );
      return messages.map(() => null);
    },
  };
}
