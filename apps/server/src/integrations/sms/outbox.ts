import type { Clock } from '../../clock';
import type { Database } from '../../db';
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
  };
}
