import { z } from 'zod';
import { moneyStringSchema } from './common';

/**
 * Payments: bound cards, payment and payout methods, the gateway's hosted card page and its
 * return. Paths are relative to /api. A full card number never crosses our API: cards are
 * shown as `pan_masked` only («220220******1234»), and the schema refuses anything else.
 */

// ── Card number helpers (shared by the server, the sandbox card page and the web app) ───────────

const PAN_MIN_LENGTH = 12;
const PAN_MAX_LENGTH = 19;

/** Only the digits of what a person typed: «4111 1111-1111 1111» → «4111111111111111». */
export function cardDigits(input: string): string {
  return input.replace(/\D/g, '');
}

/** Luhn (mod 10) check of a card number of 12–19 digits; anything else is not a card number. */
export function isLuhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  if (digits.length < PAN_MIN_LENGTH || digits.length > PAN_MAX_LENGTH) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    const digit = Number(digits[digits.length - 1 - index]);
    const doubled = index % 2 === 1 ? digit * 2 : digit;
    sum += doubled > 9 ? doubled - 9 : doubled;
  }
  return sum % 10 === 0;
}

/**
 * The only form a card number may be kept or shown in: the first six digits (the BIN), stars,
 * the last four — «4111111111111111» → «411111******1111». Separators are ignored; a string
 * already masked by the gateway keeps its shape. Too short to keep a BIN: only the last four.
 */
export function maskPan(pan: string): string {
  const compact = pan.replace(/[\s-]/g, '');
  const tail = cardDigits(compact.slice(-4));
  if (compact.length < PAN_MIN_LENGTH)
    return `${'*'.repeat(Math.max(compact.length - 4, 0))}${tail}`;
  const head = cardDigits(compact.slice(0, 6));
  return `${head}${'*'.repeat(compact.length - head.length - tail.length)}${tail}`;
}

export const PAYMENT_SYSTEMS = ['mir', 'visa', 'mastercard', 'unionpay', 'unknown'] as const;
export const paymentSystemSchema = z.enum(PAYMENT_SYSTEMS);
export type PaymentSystem = z.infer<typeof paymentSystemSchema>;

function prefixBetween(digits: string, length: number, from: number, to: number): boolean {
  if (digits.length < length) return false;
  const prefix = Number(digits.slice(0, length));
  return prefix >= from && prefix <= to;
}

/**
 * The card's payment system by its leading digits (works on a masked number too): МИР
 * 2200–2204, Visa 4, Mastercard 51–55 and 2221–2720, UnionPay 62.
 */
export function paymentSystemOf(pan: string): PaymentSystem {
  const lead = /^\d+/.exec(pan.replace(/[\s-]/g, ''))?.[0] ?? '';
  if (prefixBetween(lead, 4, 2200, 2204)) return 'mir';
  if (lead.startsWith('4')) return 'visa';
  if (prefixBetween(lead, 2, 51, 55) || prefixBetween(lead, 4, 2221, 2720)) return 'mastercard';
  if (lead.startsWith('62')) return 'unionpay';
  return 'unknown';
}

// ── Bound card ─────────────────────────────────────────────────────────────────────────────────

/** «411111******1111»: six digits, at least two stars, four digits — never a full number. */
export const maskedPanSchema = z
  .string()
  .regex(/^\d{6}\*{2,9}\d{4}$/, 'Номер карты передаётся только в маскированном виде');

/** Card expiry as printed on the card: «MM/YY». */
export const cardExpirySchema = z
  .string()
  .regex(/^(0[1-9]|1[0-2])\/\d{2}$/, 'Срок действия карты — в формате ММ/ГГ');

/** A card bound to the client's account, as our API returns it. */
export const cardSchema = z.object({
  id: z.number().int().positive(),
  pan_masked: maskedPanSchema,
  expiry: cardExpirySchema,
  holder: z.string().max(128).nullable().optional(),
  payment_system: paymentSystemSchema,
  /** The card money is paid out to and charged from by default. */
  is_active: z.boolean(),
  /** The client agreed to automatic charges of this card on the due date. */
  is_autopay: z.boolean(),
  created_at: z.string(),
});
export type Card = z.infer<typeof cardSchema>;

// ── Payment and payout methods ─────────────────────────────────────────────────────────────────

/** A card through Best2Pay, and the СБП (Система быстрых платежей) through Best2Pay too. */
export const PAYMENT_METHOD_CODES = ['best2pay_card', 'sbp'] as const;
export const paymentMethodCodeSchema = z.enum(PAYMENT_METHOD_CODES);
export type PaymentMethodCode = z.infer<typeof paymentMethodCodeSchema>;

export const paymentMethodSchema = z.object({
  id: z.number().int().positive(),
  code: paymentMethodCodeSchema,
  /** «Банковская карта» */
  title: z.string(),
  enabled: z.boolean(),
  /** Why the method is off right now, in Russian, to show the client. */
  reason: z.string().optional(),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

/** GET /payment_system/payment and GET /payment_system/payout */
export const paymentMethodsResponseSchema = z.object({ data: z.array(paymentMethodSchema) });
export type PaymentMethodsResponse = z.infer<typeof paymentMethodsResponseSchema>;

// ── Hosted card page: GET /pay/link and the return POST /pay/callback/best2pay ─────────────────

/**
 * Where the client started from, to come back to after the card page: a path of our own web app
 * («/cards», «/profile/identity»), never another site.
 */
export const payRefererSchema = z
  .string({ error: 'Не указана страница возврата' })
  .max(512, 'Слишком длинный адрес страницы возврата')
  .regex(/^\/(?![/\\])[^\s]*$/, 'Страница возврата должна быть страницей личного кабинета');

/** GET /pay/link — the gateway page that binds a card. */
export const payLinkQuerySchema = z.object({ referer: payRefererSchema.optional() });
export type PayLinkQuery = z.infer<typeof payLinkQuerySchema>;
export const payLinkResponseSchema = z.object({ data: z.object({ url: z.url() }) });
export type PayLinkResponse = z.infer<typeof payLinkResponseSchema>;

const gatewayNumberSchema = z
  .string({ error: 'Неверный ответ платёжной страницы' })
  .regex(/^\d{1,20}$/, 'Неверный ответ платёжной страницы');

/**
 * POST /pay/callback/best2pay?… — the query the gateway put on the return address: the order id,
 * the operation id (absent when the client left the page), our reference, and on the failure
 * address the gateway's error code.
 */
export const best2payCallbackQuerySchema = z.object({
  id: gatewayNumberSchema,
  operation: gatewayNumberSchema.optional(),
  reference: z.string().max(128).optional(),
  error: z.string().max(16).optional(),
  code: z.string().max(16).optional(),
});
export type Best2payCallbackQuery = z.infer<typeof best2payCallbackQuerySchema>;

/**
 * The answer's data.data is the bound card; data.referer is the page the client started the
 * binding from (GET /pay/link?referer=…), to go back to. Absent when none was given.
 */
/** POST /pay/notify/best2pay: the gateway's signed XML, read as text; «ok» accepts it. */
export const best2payNotificationSchema = z.string();
export const best2payNotificationAnswerSchema = z.literal('ok');

export const best2payCallbackResponseSchema = z.object({
  data: z.object({ data: cardSchema, referer: payRefererSchema.optional() }),
});
export type Best2payCallbackResponse = z.infer<typeof best2payCallbackResponseSchema>;

/**
 * 422 of POST /pay/callback/best2pay: the card was not bound — the bank's or the gateway's
 * reason in Russian, and the page to go back to, to try another card.
 */
export const best2payCallbackFailureSchema = z.object({
  code: z.literal('CARD_BINDING_FAILED'),
  message: z.string(),
  referer: payRefererSchema.optional(),
});
export type Best2payCallbackFailure = z.infer<typeof best2payCallbackFailureSchema>;

// ── Payment through the gateway page: GET /pay/callbackPayment ─────────────────────────────────

/** The query the gateway put on the return address of a payment page (as for a binding). */
export const payCallbackPaymentQuerySchema = best2payCallbackQuerySchema;
export type PayCallbackPaymentQuery = z.infer<typeof payCallbackPaymentQuerySchema>;

export const PAYMENT_STATUSES = ['approved', 'declined', 'pending'] as const;
export const paymentStatusSchema = z.enum(PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

/**
 * The payment as the gateway confirms it: approved, declined (message says why, in Russian) or
 * still pending (ask again). amount: the payment's sum, «1234.56».
 */
export const payCallbackPaymentResponseSchema = z.object({
  data: z.object({
    status: paymentStatusSchema,
    message: z.string(),
    amount: moneyStringSchema,
  }),
});
export type PayCallbackPaymentResponse = z.infer<typeof payCallbackPaymentResponseSchema>;

// ── Cards of the signed-in client ──────────────────────────────────────────────────────────────

/** GET /clients/cards (ours: the spec shows no list call) — newest first, the active one marked. */
export const cardsResponseSchema = z.object({ data: z.array(cardSchema) });
export type CardsResponse = z.infer<typeof cardsResponseSchema>;

/** {cardId} of POST /clients/activate_card/{cardId}, POST /clients/autopay_card/{cardId}, DELETE /clients/cards/{cardId}. */
export const cardIdParamsSchema = z.object({
  cardId: z.coerce.number({ error: 'Неверный номер карты' }).int().positive('Неверный номер карты'),
});

/** POST /clients/autopay_card/{cardId} — switch automatic charges of that card on or off. */
export const autopayCardRequestSchema = z.object({
  enabled: z.boolean({ error: 'Укажите, включить ли автоплатёж' }),
});

/** activate, autopay and delete answer with the client's cards as they are now. */
export const cardsChangedResponseSchema = cardsResponseSchema;

// ── СБП: the participant banks and the recipient check of a payout ──────────────────────────────

/** A participant of the СБП: its member id («100000000111») and name («Сбербанк»). */
export const sbpBankSchema = z.object({ id: z.string(), name: z.string() });
export type SbpBank = z.infer<typeof sbpBankSchema>;

/** GET /sbp/banks — the banks a payout by phone can go to, by name. */
export const sbpBanksResponseSchema = z.object({ data: z.array(sbpBankSchema) });

/** POST /orders/{orderId}/sbp/precheck — ask the bank who holds the client's phone there. */
export const sbpPrecheckRequestSchema = z.object({
  bank_id: z
    .string({ error: 'Выберите банк' })
    .regex(/^\d{12}$/, 'Выберите банк из списка участников СБП'),
});

/** The bank's answer: the masked name of its account holder, to be confirmed by the client. */
export const sbpPrecheckSchema = z.object({
  precheck_id: z.number().int().positive(),
  bank_name: z.string(),
  /** «Иван Иванович И.» */
  recipient_name: z.string(),
  phone_masked: z.string(),
  amount: moneyStringSchema,
});
export type SbpPrecheck = z.infer<typeof sbpPrecheckSchema>;
export const sbpPrecheckResponseSchema = z.object({ data: sbpPrecheckSchema });

/**
 * PUT /orders/{orderId}/payout_method — where the payout goes: the active card, or by phone
 * through the СБП to the recipient the client confirmed (a precheck of this order).
 */
export const payoutMethodRequestSchema = z.discriminatedUnion(
  'method',
  [
    z.object({ method: z.literal('card') }),
    z.object({ method: z.literal('sbp'), precheck_id: z.number().int().positive() }),
  ],
  { error: 'Выберите, куда получить деньги' },
);
export type PayoutMethodRequest = z.infer<typeof payoutMethodRequestSchema>;
