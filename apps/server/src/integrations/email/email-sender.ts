/** Sends one e-mail. Adapters: SMTP (nodemailer) and the sandbox outbox. */
export interface EmailSender {
  readonly name: 'smtp' | 'outbox';
  send(message: EmailMessage): Promise<void>;
}

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
}

export class EmailDeliveryError extends Error {
  override name = 'EmailDeliveryError';
}
