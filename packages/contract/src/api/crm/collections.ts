import { z } from 'zod';
import { isIsoDate } from '../../loan-math/dates';
import { moneyStringSchema, safeText } from '../common';

/**
 * Collections (role `collector` and up): the overdue queue, the contact log under 230-FZ and the
 * debtor's protections. A contact the law forbids is refused by the server with its own code and
 * the next moment it would be allowed.
 */

/** Days-past-due buckets of the queue, each with its first and last day (null: no end). */
export const OVERDUE_BUCKETS = {
  '1-7': { from: 1, to: 7 },
  '8-30': { from: 8, to: 30 },
  '31-60': { from: 31, to: 60 },
  '61-90': { from: 61, to: 90 },
  '90+': { from: 91, to: null },
} as const satisfies Record<string, { from: number; to: number | null }>;
export type OverdueBucket = keyof typeof OVERDUE_BUCKETS;
export const OVERDUE_BUCKET_NAMES = Object.keys(OVERDUE_BUCKETS) as [
  OverdueBucket,
  ...OverdueBucket[],
];

export function overdueBucketOf(daysPastDue: number): OverdueBucket {
  const found = OVERDUE_BUCKET_NAMES.find((name) => {
    const { from, to } = OVERDUE_BUCKETS[name];
    return daysPastDue >= from && (to === null || daysPastDue <= to);
  });
  return found ?? '1-7';
}

export const COLLECTIONS_PAGE_SIZE = 25;

/**
 * Channels of a contact. A call is personal interaction (230-FZ art. 7 part 3); an SMS, an e-mail
 * and a voice message are messages (art. 7 part 5).
 */
export const CONTACT_CHANNELS = ['call', 'sms', 'email', 'voice'] as const;
export type ContactChannel = (typeof CONTACT_CHANNELS)[number];
export const CONTACT_CHANNEL_TITLES: Readonly<Record<ContactChannel, string>> = {
  call: 'Звонок',
  sms: 'SMS',
  email: 'Письмо',
  voice: 'Голосовое сообщение',
};

/** Periods in which the law forbids contact, or limits it to a representative. */
export const PROTECTION_KINDS = [
  'hospital',
  'bankruptcy',
  'credit_holidays',
  'refusal',
  'representative',
] as const;
export type ProtectionKind = (typeof PROTECTION_KINDS)[number];
export const PROTECTION_TITLES: Readonly<Record<ProtectionKind, string>> = {
  hospital: 'На лечении в стационаре',
  bankruptcy: 'Банкротство',
  credit_holidays: 'Кредитные каникулы',
  refusal: 'Отказ от взаимодействия',
  representative: 'Взаимодействие через представителя',
};

export const crmCollectionsQuerySchema = z.object({
  bucket: z.enum(OVERDUE_BUCKET_NAMES, { error: 'Выберите срок просрочки из списка' }).optional(),
  /** `mine`, `none` (nobody's) or a staff member's id. */
  collector: z
    .string()
    .regex(/^(mine|none|\d{1,12})$/, 'Выберите взыскателя из списка')
    .optional(),
  /** A contract number, a phone's digits or the start of a surname. */
  q: safeText().trim().max(64).optional(),
  /** The next page: `<due date>:<order id>` of the last row. */
  cursor: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}:\d{1,12}$/, 'Некорректный курсор')
    .refine((cursor) => isIsoDate(cursor.slice(0, 10)), 'Некорректный курсор')
    .optional(),
});
export type CrmCollectionsQuery = z.infer<typeof crmCollectionsQuerySchema>;

export const crmOwedSchema = z.object({
  total: moneyStringSchema,
  principal: moneyStringSchema,
  interest: moneyStringSchema,
  penalty: moneyStringSchema,
});

export const crmContactSchema = z.object({
  id: z.number().int(),
  channel: z.enum(CONTACT_CHANNELS),
  /** ISO time. */
  at: z.string(),
  staff_name: z.string().nullable(),
  note: z.string(),
});
export type CrmContact = z.infer<typeof crmContactSchema>;

/** How far ahead a promise to pay may be dated (days from today, Moscow). */
export const PROMISE_MAX_DAYS = 30;

export const PROMISE_STATES = ['pending', 'kept', 'broken'] as const;
export type PromiseState = (typeof PROMISE_STATES)[number];
export const PROMISE_STATE_TITLES: Readonly<Record<PromiseState, string>> = {
  pending: 'Ждём оплату',
  kept: 'Выполнено',
  broken: 'Нарушено',
};

/**
 * A promise to pay `amount` by `due_on` (inclusive): kept once the payments booked from the day
 * it was made reach the amount (or the loan is repaid), broken once the day passes without.
 */
export const crmPromiseSchema = z.object({
  id: z.number().int(),
  amount: moneyStringSchema,
  due_on: z.string(),
  made_on: z.string(),
  state: z.enum(PROMISE_STATES),
  /** Null: the client made it in the cabinet. */
  staff_name: z.string().nullable(),
});
export type CrmPromise = z.infer<typeof crmPromiseSchema>;

/** A call-back the client asked for in the cabinet, at an hour 230-FZ art. 7 allows. */
export const crmCallbackSchema = z.object({
  id: z.number().int(),
  /** ISO time of the call asked for. */
  at: z.string(),
  /** ISO time the client asked. */
  requested_at: z.string(),
});
export type CrmCallback = z.infer<typeof crmCallbackSchema>;

export const crmOverdueLoanSchema = z.object({
  order_id: z.number().int(),
  client_id: z.number().int(),
  client_name: z.string(),
  phone_masked: z.string(),
  contract_number: z.string(),
  due_date: z.string(),
  days_past_due: z.number().int().positive(),
  bucket: z.enum(OVERDUE_BUCKET_NAMES),
  owed: crmOwedSchema,
  last_contact: crmContactSchema.nullable(),
  /** The newest promise to pay. */
  promise: crmPromiseSchema.nullable(),
  /** The soonest call-back the client asked for, from the start of today (Moscow). */
  callback: crmCallbackSchema.nullable(),
  collector: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type CrmOverdueLoan = z.infer<typeof crmOverdueLoanSchema>;

/** GET /crm/collections — the most overdue first. */
export const crmCollectionsResponseSchema = z.object({
  data: z.object({
    loans: z.array(crmOverdueLoanSchema),
    next_cursor: z.string().nullable(),
    /** Moscow date of the server's clock the days are counted to. */
    today: z.string(),
  }),
});
export type CrmCollectionsResponse = z.infer<typeof crmCollectionsResponseSchema>;

export const crmCollectorsResponseSchema = z.object({
  data: z.object({
    collectors: z.array(z.object({ id: z.number().int(), name: z.string() })),
  }),
});

export const crmCollectionOrderParamsSchema = z.object({
  orderId: z.coerce.number().int().positive(),
});

/** POST /crm/collections/:orderId/assign — null takes the loan off everybody's list. */
export const crmAssignCollectorRequestSchema = z.object({
  staff_id: z.number({ error: 'Выберите взыскателя' }).int().positive().nullable(),
});

export const crmAssignCollectorResponseSchema = z.object({
  data: z.object({ loan: crmOverdueLoanSchema }),
});

export const crmProtectionSchema = z.object({
  id: z.number().int(),
  kind: z.enum(PROTECTION_KINDS),
  /** Calendar dates; `until` null: until it is withdrawn. */
  from: z.string(),
  until: z.string().nullable(),
  note: z.string(),
  /** Who recorded it: the client in the cabinet or a staff member. */
  filed_by: z.enum(['client', 'staff']),
});
export type CrmProtection = z.infer<typeof crmProtectionSchema>;

// ── Waivers and write-offs: one person proposes, another of role risk or admin decides ──────────

/** What a waiver forgives: penalty or interest up to what is owed of it, or the whole debt. */
export const WAIVER_KINDS = ['penalty', 'interest', 'write_off'] as const;
export type WaiverKind = (typeof WAIVER_KINDS)[number];
export const WAIVER_KIND_TITLES: Readonly<Record<WaiverKind, string>> = {
  penalty: 'Списать пени',
  interest: 'Списать проценты',
  write_off: 'Списать весь долг',
};

export const WAIVER_STATES = ['pending', 'approved', 'refused'] as const;
export type WaiverState = (typeof WAIVER_STATES)[number];
export const WAIVER_STATE_TITLES: Readonly<Record<WaiverState, string>> = {
  pending: 'Ждёт согласования',
  approved: 'Согласовано',
  refused: 'Отказано',
};

export const WAIVER_REASON_MIN = 5;
export const WAIVER_REASON_MAX = 500;

const waiverReason = (what: string) =>
  safeText({ error: `Укажите ${what}` })
    .trim()
    .min(WAIVER_REASON_MIN, `Причина — не короче ${WAIVER_REASON_MIN} символов`)
    .max(WAIVER_REASON_MAX, `Причина — не длиннее ${WAIVER_REASON_MAX} символов`);

/**
 * POST /crm/collections/:orderId/waivers — a proposal; `amount` for penalty and interest (at
 * most what is owed of that kind today), none for a write-off (the whole debt on approval).
 */
export const crmProposeWaiverRequestSchema = z
  .object({
    kind: z.enum(WAIVER_KINDS, { error: 'Выберите, что списать' }),
    amount: z
      .string()
      .trim()
      .regex(/^\d{1,9}([.,]\d{1,2})?$/, 'Сумма — в рублях, например 500 или 500,50')
      .nullable()
      .default(null),
    reason: waiverReason('причину списания'),
  })
  .refine((value) => value.kind === 'write_off' || value.amount !== null, {
    message: 'Укажите сумму',
    path: ['amount'],
  });
export type CrmProposeWaiverRequest = z.input<typeof crmProposeWaiverRequestSchema>;

export const crmWaiverSchema = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  contract_number: z.string(),
  client_name: z.string(),
  kind: z.enum(WAIVER_KINDS),
  /** Proposed sum; for a write-off, what was owed when proposed (the whole debt is written off). */
  amount: moneyStringSchema,
  reason: z.string(),
  state: z.enum(WAIVER_STATES),
  proposed_by: z.object({ id: z.number().int(), name: z.string() }),
  /** ISO time. */
  proposed_at: z.string(),
  decided_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  decided_at: z.string().nullable(),
  decision_reason: z.string().nullable(),
  /** What the ledger entry written on approval forgave. */
  written_off: moneyStringSchema.nullable(),
});
export type CrmWaiver = z.infer<typeof crmWaiverSchema>;

export const crmWaiverResponseSchema = z.object({ data: z.object({ waiver: crmWaiverSchema }) });

export const crmWaiverIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });

/** GET /crm/waivers — «Согласование»: proposals waiting, then the latest decided. */
export const crmWaiversQuerySchema = z.object({
  state: z.enum(WAIVER_STATES, { error: 'Выберите состояние из списка' }).optional(),
});
export const crmWaiversResponseSchema = z.object({
  data: z.object({ waivers: z.array(crmWaiverSchema) }),
});

export const WAIVER_DECISIONS = ['approve', 'refuse'] as const;

/** POST /crm/waivers/:id/decision — by risk or admin, never by the one who proposed. */
export const crmWaiverDecisionRequestSchema = z.object({
  decision: z.enum(WAIVER_DECISIONS, { error: 'Выберите решение: согласовать или отказать' }),
  reason: waiverReason('причину решения'),
});
export type CrmWaiverDecisionRequest = z.input<typeof crmWaiverDecisionRequestSchema>;

/** Whether a channel may be used now and, if not, why and from when. */
export const crmChannelStateSchema = z.object({
  channel: z.enum(CONTACT_CHANNELS),
  allowed: z.boolean(),
  reason: z.string().nullable(),
  /** ISO time; null when allowed now or when no moment can be named (a refusal). */
  next_allowed_at: z.string().nullable(),
});

/** GET /crm/collections/:orderId — a loan in collection with its contacts and protections. */
export const crmCollectionLoanResponseSchema = z.object({
  data: z.object({
    loan: crmOverdueLoanSchema,
    /** The number to call, in full: the collector needs it. */
    phone: z.string(),
    /** IANA zone(s) of the debtor's registration region; several when it is unknown. */
    time_zones: z.array(z.string()),
    region: z.string().nullable(),
    contacts: z.array(crmContactSchema),
    protections: z.array(crmProtectionSchema),
    promises: z.array(crmPromiseSchema),
    waivers: z.array(crmWaiverSchema),
    callbacks: z.array(crmCallbackSchema),
    channels: z.array(crmChannelStateSchema),
  }),
});
export type CrmCollectionLoan = z.infer<typeof crmCollectionLoanResponseSchema>['data'];

/** POST /crm/collections/:orderId/contacts — recorded only if the law allows it now. */
export const crmLogContactRequestSchema = z.object({
  channel: z.enum(CONTACT_CHANNELS, { error: 'Выберите способ связи' }),
  note: safeText().trim().max(1000).default(''),
});
export type CrmLogContactRequest = z.input<typeof crmLogContactRequestSchema>;

export const crmLogContactResponseSchema = z.object({
  data: z.object({ contact: crmContactSchema }),
});

/** POST /crm/collections/:orderId/protections — a period in which contact is forbidden. */
export const crmAddProtectionRequestSchema = z
  .object({
    kind: z.enum(PROTECTION_KINDS, { error: 'Выберите основание' }),
    from: z.iso.date({ error: 'Укажите дату начала' }),
    until: z.iso.date({ error: 'Проверьте дату окончания' }).nullable(),
    note: safeText().trim().max(500).default(''),
  })
  .refine((value) => value.until === null || value.until >= value.from, {
    message: 'Укажите дату окончания не раньше даты начала',
    path: ['until'],
  });
export type CrmAddProtectionRequest = z.input<typeof crmAddProtectionRequestSchema>;

export const crmAddProtectionResponseSchema = z.object({
  data: z.object({ protection: crmProtectionSchema }),
});

/** POST /crm/collections/:orderId/promises — at most the debt, by a day within PROMISE_MAX_DAYS. */
export const crmAddPromiseRequestSchema = z.object({
  amount: z
    .string({ error: 'Укажите сумму' })
    .trim()
    .regex(/^\d{1,9}([.,]\d{1,2})?$/, 'Сумма — в рублях, например 5000 или 5000,50'),
  due_on: z.iso.date({ error: 'Укажите дату оплаты' }),
});
export type CrmAddPromiseRequest = z.input<typeof crmAddPromiseRequestSchema>;

export const crmAddPromiseResponseSchema = z.object({
  data: z.object({ promise: crmPromiseSchema }),
});
