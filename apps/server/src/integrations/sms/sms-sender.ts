/** Sends one SMS. Adapters: SMS.ru (real) and the sandbox outbox. */
export interface SmsSender {
  readonly name: 'smsru' | 'outbox';
  send(message: SmsMessage): Promise<void>;
}

export interface SmsMessage {
  /** «+79123456789». */
  to: string;
  text: string;
}

/** The provider refused or could not be reached; the text is for our logs, never the client. */
export class SmsDeliveryError extends Error {
  override name = 'SmsDeliveryError';
}
