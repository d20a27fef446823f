import { z } from 'zod';
import { moneyStringSchema, safeText } from './common';

/*
 * Credit holidays: 353-FZ art. 6.1-1 (income over the last 2 months fell more than 30 % against
 * the average of the 12 months before; up to 6 months; once a loan) and 377-FZ of 07.10.2022
 * (the mobilised, the participants of the special military operation and their families: the
 * service and 180 days after it). The client asks in the cabinet with documents; a risk
 * specialist approves or refuses in the console.
 */

export const CREDIT_HOLIDAY_GROUNDS = ['income_drop', 'service'] as const;
export type CreditHolidayGround = (typeof CREDIT_HOLIDAY_GROUNDS)[number];

export const CREDIT_HOLIDAY_GROUND_TITLES: Readonly<Record<CreditHolidayGround, string>> = {
  income_drop: 'Снижение дохода более чем на 30 % (ст. 6.1-1 353-ФЗ)',
  service: 'Мобилизация или участие в СВО (377-ФЗ)',
};

export const CREDIT_HOLIDAY_STATUSES = ['pending', 'approved', 'refused'] as const;
export type CreditHolidayStatus = (typeof CREDIT_HOLIDAY_STATUSES)[number];

export const CREDIT_HOLIDAY_STATUS_TITLES: Readonly<Record<CreditHolidayStatus, string>> = {
  pending: 'На рассмотрении',
  approved: 'Одобрены',
  refused: 'Отказано',
};

/** The documents of a request: at least one, as many as a ticket takes. */
export const MAX_CREDIT_HOLIDAY_DOCUMENTS = 5;

export const creditHolidayDocumentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  content_type: z.string(),
  size: z.number().int(),
});

export const creditHolidaySchema = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  contract_number: z.string(),
  ground: z.enum(CREDIT_HOLIDAY_GROUNDS),
  status: z.enum(CREDIT_HOLIDAY_STATUSES),
  /** First and last day of the holiday asked for (Moscow dates, inclusive). */
  start_date: z.string(),
  until_date: z.string(),
  months: z.number().int(),
  /** The specialist's reason of a refusal (or note of an approval); null while pending. */
  reason: z.string().nullable(),
  created_at: z.string(),
  /**
   * The last Moscow day of the lender's term to decide: the configured working days after the
   * request's day (353-FZ art. 6.1-1; the production calendar).
   */
  decide_by: z.string(),
  decided_at: z.string().nullable(),
  documents: z.array(creditHolidayDocumentSchema),
  /** The due date before the holiday and, once approved, after it. */
  due_date_before: z.string(),
  due_date_after: z.string().nullable(),
  /** Once approved: the sum due on the new due date if nothing is paid before it. */
  due_on_new_date: moneyStringSchema.nullable(),
  /** Once approved: the notice of the changed terms (PDF). */
  notice_link: z.string().nullable(),
});
export type CreditHolidayRequest = z.infer<typeof creditHolidaySchema>;

/** An open loan a holiday may be asked for. */
export const creditHolidayLoanSchema = z.object({
  order_id: z.number().int(),
  contract_number: z.string(),
  amount: moneyStringSchema,
  due_date: z.string(),
  overdue: z.boolean(),
});

/** GET /credit-holidays */
export const creditHolidaysResponseSchema = z.object({
  data: z.object({
    /** Today on the server's clock, Moscow. */
    today: z.string(),
    loans: z.array(creditHolidayLoanSchema),
    requests: z.array(creditHolidaySchema),
    rules: z.object({
      income_drop_max_months: z.number().int(),
      income_drop_max_loan: moneyStringSchema,
      service_max_months: z.number().int(),
      service_requests_until: z.string().nullable(),
    }),
  }),
});
export type CreditHolidaysResponse = z.infer<typeof creditHolidaysResponseSchema>;

const wholeNumber = (message: string) =>
  z
    .string({ error: message })
    .regex(/^\d{1,9}$/, message)
    .transform(Number);

/** POST /credit-holidays — multipart: these fields and `documents` (files). */
export const requestCreditHolidayFieldsSchema = z.object({
  order_id: wholeNumber('Выберите заём'),
  ground: z.enum(CREDIT_HOLIDAY_GROUNDS, { error: 'Выберите основание' }),
  start_date: z
    .string({ error: 'Укажите дату начала каникул' })
    .pipe(z.iso.date({ error: 'Укажите дату начала каникул в формате ДД.ММ.ГГГГ' })),
  months: wholeNumber('Укажите срок каникул в месяцах').refine((value) => value >= 1, {
    error: 'Срок каникул — не меньше месяца',
  }),
});
export type RequestCreditHolidayFields = z.input<typeof requestCreditHolidayFieldsSchema>;

export const creditHolidayResponseSchema = z.object({
  data: z.object({ request: creditHolidaySchema }),
});

export const creditHolidayIdParamsSchema = z.object({
  id: z.coerce.number({ error: 'Неверный номер' }).int().positive().max(2_147_483_647),
});

export const creditHolidayFileParamsSchema = z.object({
  id: z.coerce.number({ error: 'Неверный номер' }).int().positive().max(2_147_483_647),
  fileId: z.coerce.number({ error: 'Неверный номер' }).int().positive().max(2_147_483_647),
});

// ── Console ──────────────────────────────────────────────────────────────────────────────────

export const crmCreditHolidaySchema = creditHolidaySchema.extend({
  client_id: z.number().int(),
  client_name: z.string(),
  loan_amount: moneyStringSchema,
  decided_by: z.string().nullable(),
  /** Still pending after `decide_by` on the server's clock: the legal term is missed. */
  decision_overdue: z.boolean(),
});
export type CrmCreditHoliday = z.infer<typeof crmCreditHolidaySchema>;

export const crmCreditHolidaysQuerySchema = z.object({
  status: z.enum(CREDIT_HOLIDAY_STATUSES).default('pending'),
});

/** GET /crm/credit-holidays */
export const crmCreditHolidaysResponseSchema = z.object({
  data: z.object({ requests: z.array(crmCreditHolidaySchema) }),
});

export const CREDIT_HOLIDAY_DECISIONS = ['approve', 'refuse'] as const;

/** POST /crm/credit-holidays/:id/decide */
export const crmDecideCreditHolidayRequestSchema = z.object({
  decision: z.enum(CREDIT_HOLIDAY_DECISIONS, { error: 'Выберите решение' }),
  reason: safeText({ error: 'Укажите причину' })
    .trim()
    .min(3, 'Укажите причину решения')
    .max(1000, 'Не длиннее 1000 символов'),
});
export type CrmDecideCreditHolidayRequest = z.infer<typeof crmDecideCreditHolidayRequestSchema>;

export const crmCreditHolidayResponseSchema = z.object({
  data: z.object({ request: crmCreditHolidaySchema }),
});
