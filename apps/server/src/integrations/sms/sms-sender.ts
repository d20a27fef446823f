/** Sends SMS. Adapters: SMS.ru (real) and the sandbox outbox. */
export interface SmsSender {
  readonly name: 'smsru' | 'outbox';
  send(message: SmsMessage): Promise<void>;
  /**
   * Many messages in as few calls as the provider takes; for each message, in order, null when
   * the provider accepted it or the reason it did not. Never throws for a message it refused.
   */
  sendMany?(messages: readonly SmsMessage[]): Promise<(Error | null)[]>;
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

/** Messages given to a provider without a call for many at once, this many at a time. */
const ONE_BY_ONE_AT_ONCE = 8;

/** Sends `messages` by the sender's own call for many, or one by one where it has none. */
export async function sendManySms(
  sender: SmsSender,
  messages: readonly SmsMessage[],
): Promise<(Error | null)[]> {
  if (sender.sendMany) {
    const many = sender.sendMany.bind(sender);
    return many(messages).catch((error: unknown) => messages.map(() => errorOf(error)));
  }
  const outcomes: (Error | null)[] = [];
  for (let from = 0; from < messages.length; from += ONE_BY_ONE_AT_ONCE) {
    const chunk = messages.slice(from, from + ONE_BY_ONE_AT_ONCE);
    outcomes.push(
      ...(await Promise.all(
        chunk.map((message) =>
          sender.send(message).then(
            () => null,
            (error: unknown) => errorOf(error),
          ),
        ),
      )),
    );
  }
  return outcomes;
}

const errorOf = (error: unknown): Error =>
  error instanceof Error ? error : new Error(String(error));
