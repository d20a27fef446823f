import type { Clock } from '../../clock';
import type { Database } from '../../db';
import { outboxMessages } from '../../db/schema';
import type { SmsMessage, SmsSender } from './sms-sender';

/** The sandbox: the SMS lands in the outbox table, readable at GET /api/dev/outbox. */
export function createOutboxSmsSender(db: Database, clock: Clock): SmsSender {
  const rowOf = (message: SmsMessage, now: Date) => ({
    channel: 'sms' as const,
    recipient: message.to,
    subject: null,
    body: message.text,
    createdAt: now,
  });
  return {
    name: 'outbox',
    async send(message: SmsMessage) {
      await db.insert(outboxMessages).values(rowOf(message, clock.now()));
    },
    async sendMany(messages: readonly SmsMessage[]) {
      if (messages.length === 0) return [];
      const now = clock.now();
      await db.insert(outboxMessages).values(messages.map((message) => rowOf(message, now)));
      return messages.map(() => null);
    },
  };
}
