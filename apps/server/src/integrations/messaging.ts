import type { Clock } from '../clock';
import type { AppConfig } from '../config';
import type { Database } from '../db';
import type { EmailSender } from './email/email-sender';
import { createOutboxEmailSender } from './email/outbox';
import { withMessageLog } from './message-log';
import { createSmtpSender } from './email/smtp';
import { createOutboxSmsSender } from './sms/outbox';
import type { SmsSender } from './sms/sms-sender';
import { createSmsRuSender } from './sms/smsru';

export interface Messaging {
  sms: SmsSender;
  email: EmailSender;
}

/**
 * Real providers where the environment enables them; the sandbox outbox otherwise. Either way
 * every message sent is written, redacted, to the message log.
 */
export function createMessaging(
  config: Pick<AppConfig, 'sms' | 'email'>,
  db: Database,
  clock: Clock,
): Messaging {
  const sms =
    config.sms.provider === 'smsru'
      ? createSmsRuSender(config.sms)
      : createOutboxSmsSender(db, clock);
  const email = config.email.smtpUrl
    ? createSmtpSender({ url: config.email.smtpUrl, from: config.email.from })
    : createOutboxEmailSender(db, clock);
  return withMessageLog({ sms, email }, db, clock);
}
