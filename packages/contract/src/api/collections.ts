import { z } from 'zod';
import { moneyStringSchema, safeText } from './common';
import { PROMISE_STATES, crmAddPromiseRequestSchema } from './crm/collections';

/*
 * The client's side of an overdue loan in the cabinet: «Договориться об оплате» (a promise to pay,
 * a call-back at an hour 230-FZ art. 7 allows) and the statements of 230-FZ art. 8 (a refusal of
 * interaction, a representative), recorded as the protections the console's limits obey.
 */

/** How far ahead a call-back may be asked for (days from today, Moscow). */
export const CALLBACK_MAX_DAYS = 7;

/** POST /loans/:orderId/promise — the same limits as the console's promises. */
export const clientPromiseRequestSchema = crmAddPromiseRequestSchema;
export type ClientPromiseRequest = z.input<typeof clientPromiseRequestSchema>;

/** POST /loans/:orderId/callback — a date and a whole hour in the client's local time. */
export const callbackRequestSchema = z.object({
  date: z.iso.date({ error: 'Укажите дату звонка' }),
  hour: z
    .number({ error: 'Выберите время звонка' })
    .int('Выберите время звонка')
    .min(0, 'Выберите время звонка')
    .max(23, 'Выберите время звонка'),
});
export type CallbackRequest = z.input<typeof callbackRequestSchema>;

export const INTERACTION_STATEMENTS = ['refusal', 'representative'] as const;
export type InteractionStatement = (typeof INTERACTION_STATEMENTS)[number];

/**
 * POST /loans/:orderId/interaction — a refusal of interaction (art. 8 part 1 item 2) or
 * interaction only through a representative, an advocate (item 1, part 3).
 */
export const interactionStatementRequestSchema = z
  .object({
    kind: z.enum(INTERACTION_STATEMENTS, { error: 'Выберите заявление' }),
    representative_name: safeText().trim().max(200).default(''),
    /** The representative's phone, e-mail or postal address. */
    representative_contact: safeText().trim().max(300).default(''),
  })
  .superRefine((value, context) => {
    if (value.kind !== 'representative') return;
    if (value.representative_name.length < 5) {
      context.addIssue({
        code: 'custom',
        path: ['representative_name'],
        message: 'Укажите ФИО адвоката',
      });
    }
    if (value.representative_contact.length < 5) {
      context.addIssue({
        code: 'custom',
        path: ['representative_contact'],
        message: 'Укажите телефон, e-mail или адрес адвоката',
      });
    }
  });
export type InteractionStatementRequest = z.input<typeof interactionStatementRequestSchema>;

export const clientPromiseSchema = z.object({
  amount: moneyStringSchema,
  due_on: z.string(),
  made_on: z.string(),
  state: z.enum(PROMISE_STATES),
});

export const clientCallbackSchema = z.object({
  /** ISO time of the call. */
  at: z.string(),
  /** The same moment on the client's wall clock: «28.11.2026 10:00». */
  local: z.string(),
});

export const clientStatementSchema = z.object({
  kind: z.enum(INTERACTION_STATEMENTS),
  /** Moscow date it took effect. */
  from: z.string(),
  note: z.string(),
});

/** GET /loans/:orderId/arrangements — what the client has arranged on the overdue loan. */
export const arrangementsResponseSchema = z.object({
  data: z.object({
    days_overdue: z.number().int(),
    /** The first day a refusal of interaction may be sent (230-FZ art. 8 part 2). */
    refusal_from: z.string(),
    /** The client's IANA zone the call-back hours are counted in. */
    time_zone: z.string(),
    promises: z.array(clientPromiseSchema),
    callbacks: z.array(clientCallbackSchema),
    statements: z.array(clientStatementSchema),
  }),
});
export type Arrangements = z.infer<typeof arrangementsResponseSchema>['data'];

export const clientPromiseResponseSchema = z.object({
  data: z.object({ promise: clientPromiseSchema }),
});
export const callbackResponseSchema = z.object({
  data: z.object({ callback: clientCallbackSchema }),
});
export const interactionStatementResponseSchema = z.object({
  data: z.object({ statement: clientStatementSchema }),
});
