import { z } from 'zod';
import { DEFAULT_LOAN_LIMITS } from '../../loan-math/limits';
import { isRatioAtMost, parseDailyPercent } from '../../loan-math/rates';
import { formatMoney, parseMoney, roubles, type Kopecks } from '../../money';
import { int4IdSchema, safeText } from '../common';
import { insuranceSchema, partnerOfferSchema, tariffSchema, WINDOW_TO_OPEN } from '../loans';

/**
 * Tariffs and settings (admin): the calculator's tariffs, the insurances, the
 * moratorium after a refusal, the refusal showcase's partners and rules. Every change is kept as a
 * version (who, when, before → after) and written to the audit log. An order copies its tariff's
 * percent when it is made, so an edit never changes an order or a loan already made.
 */

/**
 * The most a microcredit company (МКК) may lend an individual: 500 000 ₽ of principal (Федеральный
 * закон № 151-ФЗ «О микрофинансовой деятельности и микрофинансовых организациях», ст. 12).
 */
export const MAX_LOAN_SUM: Kopecks = roubles(500_000);
/** The longest term a tariff may offer, in days (decisions §3: short loans up to a year). */
export const MAX_LOAN_PERIOD_DAYS = 365;
/** The longest moratorium after a refusal, in days (as MORATORIUM_DAYS of the server's config). */
export const MAX_MORATORIUM_DAYS = 365;

const DAY_PERCENT_MESSAGE =
  'Ставка — не больше 0,8 % в день (353-ФЗ «О потребительском кредите (займе)», ст. 6 ч. 23)';

/** «0.8» or «0,8» (at most three decimals) within the legal maximum; sent as «0.8». */
export const dayPercentSchema = z
  .string({ error: 'Укажите ставку в день' })
  .trim()
  .regex(/^\d{1,2}([.,]\d{1,3})?$/, 'Ставка — число процентов в день, например 0,8')
  .transform((text) => text.replace(',', '.'))
  .refine((text) => {
    const rate = parseDailyPercent(text);
    return rate !== null && rate.numerator > 0n;
  }, 'Ставка должна быть больше нуля')
  .refine((text) => {
    const rate = parseDailyPercent(text);
    return rate !== null && isRatioAtMost(rate, DEFAULT_LOAN_LIMITS.maxDailyRate);
  }, DAY_PERCENT_MESSAGE);

/** Kopecks on the wire as «12345.67», positive and at most `max`. */
function amountSchema(label: string, max: Kopecks = MAX_LOAN_SUM) {
  return z
    .string({ error: `Укажите ${label}` })
    .min(1, `Укажите ${label}`)
    .regex(/^\d{1,12}\.\d{2}$/, `${capitalize(label)} — в рублях с копейками, например 30000.00`)
    .refine((text) => (parseMoney(text) ?? 0n) > 0n, `${capitalize(label)} — больше нуля`)
    .refine(
      (text) => (parseMoney(text) ?? 0n) <= max,
      `${capitalize(label)} — не больше ${formatMoney(max)}`,
    );
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function daysSchema(label: string, max: number) {
  return z
    .number({ error: `Укажите ${label}` })
    .int(`${capitalize(label)} — целое число дней`)
    .min(1, `${capitalize(label)} — не меньше 1 дня`)
    .max(max, `${capitalize(label)} — не больше ${max} дней`);
}

const nameSchema = safeText({ error: 'Укажите название' })
  .trim()
  .min(1, 'Укажите название')
  .max(200, 'Название — не длиннее 200 символов');
const descriptionSchema = safeText({ error: 'Укажите описание' })
  .trim()
  .min(1, 'Укажите описание')
  .max(2000, 'Описание — не длиннее 2000 символов');
const positionSchema = z
  .number({ error: 'Укажите порядок' })
  .int('Порядок — целое число')
  .min(0, 'Порядок — от 0')
  .max(1000, 'Порядок — до 1000');

/** The id in the path of an edit: /crm/settings/tariffs/:id and the like. */
export const crmSettingsIdParamsSchema = z.object({
  id: z.coerce.number().pipe(int4IdSchema('Нет такой записи')),
});

// ── Tariffs ─────────────────────────────────────────────────────────────────────────────────────

/** POST /crm/settings/tariffs/:id — the whole tariff as the form edits it. */
export const crmTariffEditSchema = z
  .object({
    name: nameSchema,
    min_sum: amountSchema('минимальную сумму'),
    max_sum: amountSchema('максимальную сумму'),
    sum_step: amountSchema('шаг суммы'),
    min_period: daysSchema('минимальный срок', MAX_LOAN_PERIOD_DAYS),
    max_period: daysSchema('максимальный срок', MAX_LOAN_PERIOD_DAYS),
    period_step: daysSchema('шаг срока', MAX_LOAN_PERIOD_DAYS),
    day_percent: dayPercentSchema,
    is_active: z.boolean(),
    position: positionSchema,
  })
  .superRefine((tariff, issues) => {
    const min = parseMoney(tariff.min_sum);
    const max = parseMoney(tariff.max_sum);
    if (min !== null && max !== null && min > max) {
      issues.addIssue({
        code: 'custom',
        path: ['max_sum'],
        message: 'Максимальная сумма не может быть меньше минимальной',
      });
    }
    if (tariff.min_period > tariff.max_period) {
      issues.addIssue({
        code: 'custom',
        path: ['max_period'],
        message: 'Максимальный срок не может быть меньше минимального',
      });
    }
  });
export type CrmTariffEdit = z.input<typeof crmTariffEditSchema>;

/** A tariff as the console lists it: the calculator's fields, whether it is offered, its order. */
export const crmTariffSchema = tariffSchema
  .omit({ period: true })
  .extend({ is_active: z.boolean(), position: z.number().int() });
export type CrmTariff = z.infer<typeof crmTariffSchema>;

// ── Insurances ──────────────────────────────────────────────────────────────────────────────────

/** POST /crm/settings/insurances/:id */
export const crmInsuranceEditSchema = z.object({
  name: nameSchema,
  description: descriptionSchema,
  price: amountSchema('цену', roubles(100_000)),
  is_active: z.boolean(),
  position: positionSchema,
});
export type CrmInsuranceEdit = z.input<typeof crmInsuranceEditSchema>;

export const crmInsuranceSchema = insuranceSchema.extend({
  is_active: z.boolean(),
  position: z.number().int(),
});
export type CrmInsurance = z.infer<typeof crmInsuranceSchema>;

/** An https address with a host name (the partner's page opens in the client's browser). */
const HTTPS_LINK = /^https:\/\/[a-z0-9.-]+\.[a-z]{2,}(?::\d{1,5})?(?:[/?#][^\s]*)?$/i;

// ── Refusal showcase: partners and rules ────────────────────────────────────────────────────────

/** POST /crm/settings/partners/:id — the link opens in the client's browser: https only. */
export const crmPartnerEditSchema = z.object({
  name: nameSchema,
  description: descriptionSchema,
  link: z
    .string({ error: 'Укажите ссылку' })
    .trim()
    .max(2000, 'Ссылка — не длиннее 2000 символов')
    .regex(HTTPS_LINK, 'Ссылка — адрес, начинающийся с https://'),
  max_sum: amountSchema('максимальную сумму', roubles(1_000_000)),
  rate_text: safeText({ error: 'Укажите ставку' })
    .trim()
    .min(1, 'Укажите ставку')
    .max(100, 'Ставка — не длиннее 100 символов'),
  is_active: z.boolean(),
  position: positionSchema,
});
export type CrmPartnerEdit = z.input<typeof crmPartnerEditSchema>;

export const crmPartnerSchema = partnerOfferSchema.extend({
  is_active: z.boolean(),
  position: z.number().int(),
});
export type CrmPartner = z.infer<typeof crmPartnerSchema>;

export const SHOWCASE_RULE_PAGES = ['denied', 'other'] as const;
export const SHOWCASE_RULE_PAGE_TITLES: Readonly<
  Record<(typeof SHOWCASE_RULE_PAGES)[number], string>
> = {
  denied: 'Страница отказа',
  other: 'Другие страницы',
};

/** POST /crm/settings/showcase-rules/:page — where a client in a moratorium is sent. */
export const crmShowcaseRuleParamsSchema = z.object({
  page: z.enum(SHOWCASE_RULE_PAGES, { error: 'Нет такой страницы витрины' }),
});
export const crmShowcaseRuleEditSchema = z.object({
  /** null: no link on that page. */
  partner_id: int4IdSchema('Выберите партнёра').nullable(),
  latency_seconds: z
    .number({ error: 'Укажите задержку' })
    .int('Задержка — целое число секунд')
    .min(0, 'Задержка — от 0 секунд')
    .max(600, 'Задержка — не больше 600 секунд'),
  window_to_open: z.enum(WINDOW_TO_OPEN, { error: 'Выберите, где открывать ссылку' }),
});
export type CrmShowcaseRuleEdit = z.input<typeof crmShowcaseRuleEditSchema>;

export const crmShowcaseRuleSchema = crmShowcaseRuleEditSchema.extend({
  page: z.enum(SHOWCASE_RULE_PAGES),
});
export type CrmShowcaseRule = z.infer<typeof crmShowcaseRuleSchema>;

// ── Moratorium ──────────────────────────────────────────────────────────────────────────────────

/** POST /crm/settings/moratorium — days a refusal bars new orders (0: no moratorium). */
export const crmMoratoriumEditSchema = z.object({
  days: z
    .number({ error: 'Укажите число дней' })
    .int('Мораторий — целое число дней')
    .min(0, 'Мораторий — от 0 дней')
    .max(MAX_MORATORIUM_DAYS, `Мораторий — не больше ${MAX_MORATORIUM_DAYS} дней`),
});
export type CrmMoratoriumEdit = z.input<typeof crmMoratoriumEditSchema>;

// ── A credit bureau that does not answer ────────────────────────────────────────────────────────

/**
 * What happens to an order whose credit bureau has not answered for `minutes` (no loan is issued
 * on a guess; the scoring asks again meanwhile): `refuse` — refused; `review` — a risk
 * specialist decides, and an approval asks the bureau once more first.
 */
export const BUREAU_WAIT_ACTIONS = ['refuse', 'review'] as const;
export type BureauWaitAction = (typeof BUREAU_WAIT_ACTIONS)[number];
export const BUREAU_WAIT_ACTION_TITLES: Readonly<Record<BureauWaitAction, string>> = {
  refuse: 'Отказать',
  review: 'Передать на ручную проверку',
};
/** The longest wait: a week, in minutes. */
export const MAX_BUREAU_WAIT_MINUTES = 10_080;

/** POST /crm/settings/bureau-wait */
export const crmBureauWaitSchema = z.object({
  minutes: z
    .number({ error: 'Укажите время ожидания' })
    .int('Время ожидания — целое число минут')
    .min(1, 'Время ожидания — не меньше 1 минуты')
    .max(MAX_BUREAU_WAIT_MINUTES, `Время ожидания — не больше ${MAX_BUREAU_WAIT_MINUTES} минут`),
  action: z.enum(BUREAU_WAIT_ACTIONS, { error: 'Выберите, что делать с заявкой' }),
});
export type CrmBureauWait = z.infer<typeof crmBureauWaitSchema>;
export const crmBureauWaitResponseSchema = z.object({
  data: z.object({ bureau_wait: crmBureauWaitSchema }),
});

// ── Everything at once, and the history ─────────────────────────────────────────────────────────

/** GET /crm/settings */
export const crmSettingsResponseSchema = z.object({
  data: z.object({
    tariffs: z.array(crmTariffSchema),
    insurances: z.array(crmInsuranceSchema),
    partners: z.array(crmPartnerSchema),
    showcase_rules: z.array(crmShowcaseRuleSchema),
    moratorium_days: z.number().int(),
    bureau_wait: crmBureauWaitSchema,
  }),
});
export type CrmSettingsResponse = z.infer<typeof crmSettingsResponseSchema>;

export const CRM_SETTINGS_ENTITIES = [
  'tariff',
  'insurance',
  'partner',
  'showcase_rule',
  'moratorium',
  'bureau_wait',
] as const;
export type CrmSettingsEntity = (typeof CRM_SETTINGS_ENTITIES)[number];

/** GET /crm/settings/history?entity=tariff&id=1 — the versions of one item, newest first. */
export const crmSettingsHistoryQuerySchema = z.object({
  entity: z.enum(CRM_SETTINGS_ENTITIES, { error: 'Неизвестный раздел настроек' }),
  /** The item's id (the page of a showcase rule); absent for the moratorium and the bureau wait. */
  id: z.string().max(40).optional(),
});

const changedFieldsSchema = z.record(
  z.string(),
  z.union([z.string(), z.number(), z.boolean()]).nullable(),
);

export const crmSettingsChangeSchema = z.object({
  id: z.number().int(),
  entity: z.enum(CRM_SETTINGS_ENTITIES),
  entity_id: z.string(),
  /** ISO time of the change. */
  changed_at: z.string(),
  staff: z.object({ id: z.number().int(), login: z.string(), name: z.string() }),
  /** The item's fields before and after, as the console shows them. */
  before: changedFieldsSchema,
  after: changedFieldsSchema,
});
export type CrmSettingsChange = z.infer<typeof crmSettingsChangeSchema>;

export const crmSettingsHistoryResponseSchema = z.object({
  data: z.object({ changes: z.array(crmSettingsChangeSchema) }),
});

/** The answer of every edit: the item after it. */
export const crmTariffResponseSchema = z.object({ data: z.object({ tariff: crmTariffSchema }) });
export const crmInsuranceResponseSchema = z.object({
  data: z.object({ insurance: crmInsuranceSchema }),
});
export const crmPartnerResponseSchema = z.object({ data: z.object({ partner: crmPartnerSchema }) });
export const crmShowcaseRuleResponseSchema = z.object({
  data: z.object({ rule: crmShowcaseRuleSchema }),
});
export const crmMoratoriumResponseSchema = z.object({ data: z.object({ days: z.number().int() }) });
