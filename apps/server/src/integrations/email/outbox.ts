import type { Clock } from '../../clock';
import type { Database } from '../../db';
import { outboxMessages } from '../../db/schema';
import type { EmailMessage, EmailSender } from './email-sender';

/** The sandbox: the letter lands in the outbox table, readable at GET /api/dev/outbox. */
export function createOutboxEmailSender(db: Database, clock: Clock): EmailSender {
  return {
    name: 'outbox',
    async send(message: EmailMessage) {
      await db.insert(outboxMessages).values({
        channel: 'email',
        recipient: message.to.toLowerCase(),
        subject: message.subject,
        body: message.text,
        createdAt: clock.now(),
      });
    },
  };
}
