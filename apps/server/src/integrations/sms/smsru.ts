import { z } from 'zod';
import { SmsDeliveryError, type SmsMessage, type SmsSender } from './sms-sender';

export interface SmsRuOptions {
  apiId: string;
  /** https://sms.ru/sms/send; tests point it at a local server. */
  url: string;
  /** Sender name approved in the SMS.ru account; the account default when null. */
  from: string | null;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

const perNumberSchema = z.object({
  status: z.string(),
  status_code: z.number(),
  status_text: z.string().optional(),
});

/** SMS.ru answers HTTP 200 with its own status, overall and per number (json=1). */
const answerSchema = z.object({
  status: z.string(),
  status_code: z.number(),
  status_text: z.string().optional(),
  sms: z.record(z.string(), perNumberSchema).optional(),
});

const DEFAULT_TIMEOUT_MS = 10_000;

/** SMS.ru HTTP API: POST sms/send with api_id, to, msg, json=1 (form-encoded). */
export function createSmsRuSender(options: SmsRuOptions): SmsSender {
  const doFetch = options.fetch ?? fetch;
  return {
    name: 'smsru',
    async send(message: SmsMessage) {
      const to = message.to.replace(/\D/g, '');
      const response = await post(doFetch, options, smsRuForm(options, to, message.text));
      checkAnswer(await readAnswer(response), to);
    },
    async sendMany(messages: readonly SmsMessage[]) {
      const indexed = messages.map((message, index) => ({
        index,
        to: message.to.replace(/\D/g, ''),
        text: message.text,
      }));
      const outcomes: (Error | null)[] = messages.map(() => null);
      for (const request of multiRequests(indexed)) {
        const answers = await sendMulti(doFetch, options, request);
        request.forEach((item, at) => (outcomes[item.index] = answers[at] ?? null));
      }
      return outcomes;
    },
  };
}

/** SMS.ru takes up to this many numbers, each with its own text, in one request (multi[…]). */
export const SMS_RU_MULTI_MAX = 100;

/**
 * Splits messages into requests of at most SMS_RU_MULTI_MAX numbers; a number that already has a
 * message in a request (multi is keyed by number) goes to a later one.
 */
export function multiRequests<T extends { to: string }>(messages: readonly T[]): T[][] {
  const requests: { items: T[]; numbers: Set<string> }[] = [];
  for (const message of messages) {
    const free = requests.find(
      (request) => request.items.length < SMS_RU_MULTI_MAX && !request.numbers.has(message.to),
    );
    const request = free ?? { items: [], numbers: new Set<string>() };
    if (!free) requests.push(request);
    request.items.push(message);
    request.numbers.add(message.to);
  }
  return requests.map((request) => request.items);
}

function multiForm(options: SmsRuOptions, messages: readonly { to: string; text: string }[]) {
  const form = new URLSearchParams({ api_id: options.apiId, json: '1' });
  for (const message of messages) form.set(`multi[${message.to}]`, message.text);
  if (options.from) form.set('from', options.from);
  return form;
}

/** One multi request; for each of its messages, null when SMS.ru took it or why not. */
async function sendMulti(
  doFetch: typeof fetch,
  options: SmsRuOptions,
  messages: readonly { to: string; text: string }[],
): Promise<(Error | null)[]> {
  try {
    const answer = await readAnswer(await post(doFetch, options, multiForm(options, messages)));
    return messages.map((message) => {
      try {
        checkAnswer(answer, message.to);
        return null;
      } catch (error) {
        return error as Error;
      }
    });
  } catch (error) {
    return messages.map(() => error as Error);
  }
}

export function smsRuForm(options: SmsRuOptions, to: string, text: string): URLSearchParams {
  const form = new URLSearchParams({ api_id: options.apiId, to, msg: text, json: '1' });
  if (options.from) form.set('from', options.from);
  return form;
}

async function post(
  doFetch: typeof fetch,
  options: SmsRuOptions,
  form: URLSearchParams,
): Promise<Response> {
  try {
    return await doFetch(options.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
      signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    });
  } catch (error) {
    throw new SmsDeliveryError(`SMS.ru недоступен: ${(error as Error).message}`, { cause: error });
  }
}

async function readAnswer(response: Response): Promise<z.infer<typeof answerSchema>> {
  if (!response.ok) throw new SmsDeliveryError(`SMS.ru ответил HTTP ${response.status}`);
  const parsed = answerSchema.safeParse(await response.json().catch(() => null));
  if (!parsed.success) throw new SmsDeliveryError('SMS.ru прислал ответ неизвестного вида');
  return parsed.data;
}

function checkAnswer(answer: z.infer<typeof answerSchema>, to: string): void {
  if (answer.status !== 'OK') {
    throw new SmsDeliveryError(`SMS.ru: ${answer.status_code} ${answer.status_text ?? ''}`.trim());
  }
  const perNumber = answer.sms?.[to];
  if (!perNumber || perNumber.status !== 'OK') {
    const reason = perNumber
      ? `${perNumber.status_code} ${perNumber.status_text ?? ''}`.trim()
      : 'нет статуса номера';
    throw new SmsDeliveryError(`SMS.ru не принял сообщение: ${reason}`);
  }
}
