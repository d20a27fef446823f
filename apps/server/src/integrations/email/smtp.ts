import nodemailer from 'nodemailer';
import { EmailDeliveryError, type EmailMessage, type EmailSender } from './email-sender';

export interface SmtpOptions {
  /** smtp://user:password@host:587 or smtps://…:465. */
  url: string;
  from: string;
}

/** Real e-mail over SMTP. The transport keeps its connections; one per server. */
export function createSmtpSender(options: SmtpOptions): EmailSender {
  const transport = nodemailer.createTransport(options.url);
  return {
    name: 'smtp',
    async send(message: EmailMessage) {
      try {
        await transport.sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
        });
      } catch (error) {
        throw new EmailDeliveryError(`SMTP: ${(error as Error).message}`, { cause: error });
      }
    },
  };
}
