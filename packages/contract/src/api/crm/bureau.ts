import { z } from 'zod';
import { moneyStringSchema } from '../common';

/*
 * The credit bureau in the console: every credit-report request made before a decision (with the
 * consent it rests on and what the bureau said), and the credit-history events we report — sent,
 * acknowledged or failing, and when each is due (218-FZ art. 5 part 5, in working days).
 */

export const BUREAU_REQUEST_OUTCOMES = ['answered', 'no_record', 'unavailable'] as const;
export const BUREAU_REQUEST_OUTCOME_TITLES: Readonly<
  Record<(typeof BUREAU_REQUEST_OUTCOMES)[number], string>
> = {
  answered: 'Ответ получен',
  no_record: 'Кредитной истории нет',
  unavailable: 'Бюро не ответило',
};

export const crmBureauRequestSchema = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  bureau: z.string(),
  requested_at: z.string(),
  answered_at: z.string().nullable(),
  outcome: z.enum(BUREAU_REQUEST_OUTCOMES),
  /** The edition of the consent to the bureau request the client accepted, and when. */
  consent_version: z.string(),
  consent_accepted_at: z.string(),
  /** What the scoring read of the answer. */
  summary: z
    .object({
      self_ban: z.boolean(),
      open_obligations: z.number().int(),
      monthly_payments: moneyStringSchema,
      overdue_obligations: z.number().int(),
    })
    .nullable(),
  error: z.string().nullable(),
});
export type CrmBureauRequest = z.infer<typeof crmBureauRequestSchema>;

/** Our kinds of reported event; each is one event of 758-П (its `code`). */
export const CREDIT_HISTORY_EVENT_KINDS = [
  'application',
  'approval',
  'refusal',
  'contract',
  'payout',
  'payment',
  'overdue',
  'prolongation',
  'closure',
] as const;
export type CreditHistoryEventKind = (typeof CREDIT_HISTORY_EVENT_KINDS)[number];
export const CREDIT_HISTORY_EVENT_TITLES: Readonly<Record<CreditHistoryEventKind, string>> = {
  application: 'Заявка',
  approval: 'Одобрение',
  refusal: 'Отказ',
  contract: 'Договор заключён',
  payout: 'Заём выдан',
  payment: 'Платёж',
  overdue: 'Просрочка',
  prolongation: 'Пролонгация',
  closure: 'Заём погашен',
};

export const CREDIT_HISTORY_STATUSES = ['queued', 'failing', 'acknowledged'] as const;
export const CREDIT_HISTORY_STATUS_TITLES: Readonly<
  Record<(typeof CREDIT_HISTORY_STATUSES)[number], string>
> = {
  queued: 'Ждёт отправки',
  failing: 'Ошибка, повторим',
  acknowledged: 'Принято бюро',
};

export const crmCreditEventSchema = z.object({
  id: z.number().int(),
  client_id: z.number().int(),
  client_name: z.string().nullable(),
  order_id: z.number().int(),
  contract_number: z.string().nullable(),
  kind: z.enum(CREDIT_HISTORY_EVENT_KINDS),
  /** The event of 758-П: 1.1 … 2.5. */
  code: z.string(),
  occurred_at: z.string(),
  /** YYYY-MM-DD: the last working day to report it. */
  deadline: z.string(),
  status: z.enum(CREDIT_HISTORY_STATUSES),
  /** Not acknowledged and the deadline is today or the next working day. */
  near_deadline: z.boolean(),
  /** Not acknowledged by the end of its deadline, or acknowledged after it. */
  late: z.boolean(),
  attempts: z.number().int(),
  last_sent_at: z.string().nullable(),
  acknowledged_at: z.string().nullable(),
  document_number: z.string().nullable(),
  incoming_number: z.string().nullable(),
  last_error: z.string().nullable(),
});
export type CrmCreditEvent = z.infer<typeof crmCreditEventSchema>;

/** GET /crm/bureau — the «БКИ» screen (risk and up). */
export const crmBureauOverviewResponseSchema = z.object({
  data: z.object({
    /** The configured bureau («НБКИ», «Песочница НБКИ»), or null: none is connected. */
    bureau: z.string().nullable(),
    /** An event is due by the end of this working day after it (218-FZ art. 5 part 5). */
    deadline_working_days: z.number().int(),
    /** Years the production calendar holds; other years count Monday to Friday only. */
    calendar_years: z.array(z.string()),
    summary: z.object({
      unsent: z.number().int(),
      failing: z.number().int(),
      late: z.number().int(),
      acknowledged_today: z.number().int(),
    }),
    /** Not acknowledged and near or past the deadline, or failing: the earliest deadline first. */
    attention: z.array(crmCreditEventSchema),
    /** The newest events, whatever their state. */
    recent: z.array(crmCreditEventSchema),
  }),
});
export type CrmBureauOverview = z.infer<typeof crmBureauOverviewResponseSchema>['data'];
