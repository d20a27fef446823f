import { z } from 'zod';

/** GET /dev/ping — answers only in sandbox mode (404 otherwise). */
export const devPingResponseSchema = z.object({ sandbox: z.literal(true) });
export type DevPingResponse = z.infer<typeof devPingResponseSchema>;

/**
 * POST /dev/operator-link — sandbox only: the same CRM link `npm run crm:link` prints, for testers
 * and browser tests while the server holds the embedded database.
 */
export const devOperatorLinkRequestSchema = z.object({
  phone: z.string({ error: 'Укажите телефон клиента' }).max(32),
  operator: z.string({ error: 'Укажите имя оператора' }).max(100),
});
export const devOperatorLinkResponseSchema = z.object({
  data: z.object({ url: z.string(), expires_at: z.string() }),
});

/**
 * GET /dev/unsettled-money — sandbox only: how many payouts, payments and refunds are not final yet
 * (new or pending). Reconciliation brings each to a final state; testers watch this fall to 0.
 */
export const devUnsettledMoneyResponseSchema = z.object({
  data: z.object({ unsettled: z.number().int().min(0) }),
});

/**
 * POST /dev/jobs — sandbox only: runs the day's background jobs now on this instance (accrual,
 * payouts after cooling-off, autopay, refunds, reconciliation, the automatic messages, the credit
 * history to the bureau), each until nothing is left for it, and answers what each took. A run
 * under way is waited out first (it may have read the clock before a tester moved it). Other
 * instances share the work when called at the same time (npm run bench).
 */
export const devJobsResponseSchema = z.object({
  data: z.object({
    jobs: z.array(
      z.object({ job: z.string(), seconds: z.number().min(0), items: z.number().int().min(0) }),
    ),
  }),
});

/** GET /dev/clock — sandbox only: the server's «now», its Moscow date and the shift in days. */
export const devClockResponseSchema = z.object({
  data: z.object({ now: z.string(), today: z.string(), offset_days: z.number() }),
});
export type DevClock = z.infer<typeof devClockResponseSchema>['data'];

/**
 * POST /dev/clock — sandbox only: moves the server's clock forward by whole days, plus minutes
 * (to reach, say, 23:59 and see what happens at midnight).
 */
export const devClockMoveRequestSchema = z
  .object({
    days: z.coerce
      .number({ error: 'Укажите число дней' })
      .int('Укажите целое число дней')
      .min(0, 'Время можно только переводить вперёд')
      .max(3650, 'Не больше 3650 дней за раз'),
    minutes: z.coerce
      .number({ error: 'Укажите число минут' })
      .int('Укажите целое число минут')
      .min(0, 'Время можно только переводить вперёд')
      .max(1440, 'Не больше 1440 минут за раз')
      .optional(),
  })
  .refine((move) => move.days > 0 || (move.minutes ?? 0) > 0, {
    message: 'Время можно только переводить вперёд',
    path: ['days'],
  });

/**
 * GET /dev/bureau — sandbox only: how the sandbox bureau answers (words in the client's birth
 * place) and the credit-history events it accepted, newest first (the last 50).
 */
export const devBureauResponseSchema = z.object({
  data: z.object({
    rules: z.array(z.object({ words: z.string(), answer: z.string() })),
    events: z.array(
      z.object({
        event_id: z.string(),
        /** 758-П event: 1.1 … 2.5 */
        code: z.string(),
        deal_uid: z.string(),
        surname: z.string().nullable(),
        figure: z.string().nullable(),
        received_at: z.string(),
        /** How many times it came; the bureau counted it once. */
        times_received: z.number().int(),
      }),
    ),
  }),
});
export type DevBureau = z.infer<typeof devBureauResponseSchema>['data'];
