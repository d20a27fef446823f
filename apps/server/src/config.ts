import path from 'node:path';
import { z } from 'zod';
import {
  BUREAU_WAIT_ACTIONS,
  DEFAULT_LOAN_LIMITS,
  HIGH_COST_LOAN_LIMITS,
  roubles,
  type DebtLoadIncomeRules,
  type BureauWaitAction,
  type CompanySettings,
  type AddOnRefusalRules,
  type CoolingOffRules,
  type HighCostLimitRow,
  type Kopecks,
  type LoanLimits,
  type RegionalIncomeTable,
} from '@zaymo/contract';
import {
  SANDBOX_ESIA_CERTIFICATE_HASH,
  SANDBOX_ESIA_CLIENT_ID,
  SANDBOX_ESIA_ISSUER,
  SANDBOX_ESIA_PUBLIC_KEY,
} from './integrations/esia/sandbox-credentials';
import { loadRegionalIncome } from './services/scoring/regional-income';

/** The only module that reads the environment; everything else receives an `AppConfig`. */

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface SessionPolicy {
  /** A session unused this long expires. */
  idleMinutes: number;
  /** A session expires this long after sign-in, however active. */
  absoluteMinutes: number;
  /** An operator's (CRM) session lives this long in total. */
  operatorMinutes: number;
}

/** Where SMS go: SMS.ru when SMS_RU_API_ID is set, the sandbox outbox otherwise. */
export type SmsConfig =
  { provider: 'outbox' } | { provider: 'smsru'; apiId: string; url: string; from: string | null };

/** E-mail: SMTP when SMTP_URL is set, the sandbox outbox otherwise. */
export interface EmailConfig {
  smtpUrl: string | null;
  from: string;
}

export interface LoginLockoutPolicy {
  /** Wrong passwords for one phone within the window before sign-in by password pauses. */
  maxFailures: number;
  windowMinutes: number;
}

/** Suggestions: DaData when DADATA_TOKEN is set, the offline provider otherwise. */
export interface SuggestionsSettings {
  dadataToken: string | null;
  /** DaData's address, or a standalone DaData server: without the /suggestions/api path. */
  dadataUrl: string | null;
}

/** Best2Pay: the real gateway when BEST2PAY_URL is set, this server's sandbox gateway otherwise. */
export interface Best2PayConfig {
  /** Base address of the gateway's API and of its card page (the browser is sent there). */
  url: string;
  sector: string;
  password: string;
  /** The gateway is this process's own sandbox: the server calls it in-process, not over HTTP. */
  inProcess: boolean;
}

/** The one sector the sandbox gateway (/sandbox/best2pay) serves. */
export interface Best2PaySandboxConfig {
  sector: string;
  password: string;
  /** Post signed notifications of operations to our notify route, as the real gateway does. */
  notify: boolean;
  /** The sector's notification address: our POST /api/pay/notify/best2pay. */
  notifyUrl: string;
}

/**
 * The credit bureau (НБКИ): the real one when BUREAU_NBKI_URL is set, this server's sandbox bureau
 * (/sandbox/nbki) in sandbox mode, none otherwise (a production start refuses that).
 */
export interface BureauConfig {
  /** «НБКИ», or «Песочница НБКИ»: how the console names it. */
  name: string;
  /** …/products/B2BRequestServlet: the credit report. */
  reportUrl: string;
  /** Where the credit-history documents (GUTDF) are posted. */
  reportingUrl: string;
  memberCode: string;
  userId: string;
  password: string;
  /** RefReq/product: CHSP (the report with the average monthly payments). */
  product: string;
  /** inqPurpose and consentPurpose (NBKI's справочник 5.3). */
  purpose: string;
  /** The ГОСТ signing service; null: bare XML (the sandbox bureau). */
  signerUrl: string | null;
  timeoutMs: number;
  /** The bureau is this process's own sandbox: called in-process, not over HTTP. */
  inProcess: boolean;
}

/** What the sandbox bureau accepts as the member's credentials. */
export interface BureauSandboxConfig {
  memberCode: string;
  userId: string;
  password: string;
}

/** The credit history we report (218-FZ art. 5): the job, its retries and the legal deadline. */
export interface CreditHistoryConfig {
  /** How often the job sends queued events; 0 turns it off. */
  reportSeconds: number;
  /** Events per document. */
  batchSize: number;
  /** The first retry after a failure; each next one waits twice as long, up to an hour. */
  retrySeconds: number;
  /** An event is due by the end of this working day after it (218-FZ art. 5 part 5). */
  deadlineWorkingDays: number;
}

/** When the bureau does not answer: after this long the order is refused or sent to a person. */
export interface BureauWaitPolicy {
  minutes: number;
  action: BureauWaitAction;
}

/** Loan origination: the moratorium after a refusal and the scoring engine. */
export interface LoansConfig {
  /** A refusal bars new orders for this many days. */
  moratoriumDays: number;
  scoring: ScoringConfig;
  servicing: ServicingConfig;
  /** The wait between signing and payout by the loan's amount (353-FZ art. 7 part 9.3). */
  coolingOff: CoolingOffRules;
  /** Refusal of an add-on and its refund (353-FZ art. 7 parts 2.7–2.10). */
  addOnRefusal: AddOnRefusalRules;
  /** Months from the overdue's start before a refusal of interaction (230-FZ art. 8 part 2). */
  interactionRefusalAfterMonths: number;
  creditHolidays: CreditHolidayRules;
}

/**
 * Credit holidays: 353-FZ art. 6.1-1 (income drop) and 377-FZ of 07.10.2022 (the mobilised and
 * the participants of the special military operation). Figures to confirm with a lawyer.
 */
export interface CreditHolidayRules {
  /** The largest loan an income-drop holiday is given for (the Government's limit). */
  incomeDropMaxLoan: Kopecks;
  /** The longest income-drop holiday, months. */
  incomeDropMaxMonths: number;
  /** The longest holiday of the mobilised a client may ask for (service + 180 days), months. */
  serviceMaxMonths: number;
  /** The last day a 377-FZ holiday may be asked for; null — no end. */
  serviceRequestsUntil: string | null;
  /** The rate of the holiday's days of each ground (the lower of it and the contract's); null — the contract's. */
  incomeDropDailyPercent: string | null;
  serviceDailyPercent: string | null;
  /** Working days after the request's day the lender has to decide (353-FZ art. 6.1-1). */
  decisionWorkingDays: number;
}

/** The legal limits of charges and what prolongation offers. */
export interface ServicingConfig {
  limits: LoanLimits;
  /** Terms (days) a prolongation is offered for. */
  prolongationDays: readonly number[];
  /** How often the accrual job books interest and penalty; 0 turns it off. */
  accrualSeconds: number;
  /**
   * A payout, payment or refund still new or pending this long (on the server clock) is asked
   * about at the gateway by reconciliation. Longer than any gateway call (15 s).
   */
  reconcileAfterSeconds: number;
  /**
   * Stale operations one reconciliation lease takes, and how many of them are asked about at the
   * gateway at once. Best2Pay publishes no rate limit for its Order call: the figure is ours.
   */
  reconcileBatch: number;
  reconcileGatewayCalls: number;
  /** A refund the card's bank declined is sent again after this pause… */
  refundRetryMinutes: number;
  /** …for this many days after it was queued; then it waits for a person. */
  refundRetryDays: number;
  /** When the automatic messages about a loan go (services/notifications/reminder-schedule.ts). */
  reminders: ReminderRules;
}

/** Days of the automatic messages about a loan; each list sorted, no repeats. */
export interface ReminderRules {
  /** Reminders this many days before the due date, e.g. [3, 1]. */
  daysBefore: readonly number[];
  /** The overdue notice goes by this day past due (the SRO base standard, art. 11 part 1: 7). */
  overdueNoticeDays: number;
  /** Dunning messages on these days past due, e.g. [3, 7, 14, 30]. */
  dunningDays: readonly number[];
}

export interface ScoringConfig {
  /** How often the sweep looks for orders left unscored (e.g. by a restart); 0 turns it off. */
  sweepSeconds: number;
  /** An order still NEW or ACCEPTED this long after its last change is scored by the sweep. */
  staleSeconds: number;
  /** The largest share of the monthly income the loan's payment may take (debt load, ПДН). */
  maxDebtLoadPercent: number;
  /** Above this share (and within the maximum) a risk specialist decides; null — never. */
  reviewDebtLoadPercent: number | null;
  /** Sandbox identities (surname «Отказов», «Одобренов», …) force decisions; never in production. */
  sandboxIdentities: boolean;
  /** The default until the console sets it («Настройки» → «Бюро не отвечает»). */
  bureauWait: BureauWaitPolicy;
  /** An open loan elsewhere overdue longer than this many days refuses. */
  maxDaysPastDue: number;
  /** The 545-FZ limits on high-cost loans: dates and figures, one table (loan-math). */
  highCostLimits: readonly HighCostLimitRow[];
  /** Above this ПДН (percent) the borrower signs a notice of the risk (353-FZ art. 5.1). */
  debtLoadNoticeAbovePercent: number;
  /** The income ПДН is computed on: the 2026 cap by the regional average (6579-У). */
  debtLoadIncome: DebtLoadIncomeRules;
}

/**
 * Госуслуги (ЕСИА): the real service when ESIA_URL is set, this server's sandbox
 * (/sandbox/esia) otherwise; null outside the sandbox without ESIA_URL («не подключены»).
 */
export interface EsiaConfig {
  /** ЕСИА's base address (https://esia.gosuslugi.ru), without a trailing slash. */
  url: string;
  /** The information system's мнемоника, registered on ЕСИА's technology portal. */
  clientId: string;
  /** client_certificate_hash: the hash of the system's certificate, as ЕСИА's utility prints it. */
  certificateHash: string;
  /** The signing service that makes client_secret (integrations/esia/signer.ts). */
  signer: { url: string; token: string | null };
  /** ЕСИА's public key (PEM) its tokens are verified with. */
  tokenKey: string;
  /** The `iss` ЕСИА's tokens carry. */
  issuer: string;
  /** The sandbox of this very process: called in-process, and the browser goes to our origin. */
  inProcess: boolean;
}

/** Microfinance companies come in two kinds with different dates of the biometric rule. */
export type LenderKind = 'mfk' | 'mkk';

/**
 * Identification of online borrowers (41-ФЗ): from `biometricRequiredFrom` (Moscow date) an
 * online loan needs ЕСИА and ЕБС; null — never (a lender that lends only in offices).
 */
export interface IdentificationConfig {
  lenderKind: LenderKind;
  biometricRequiredFrom: string | null;
  /** The sandbox ЕБС «prove it's you» page; null: no biometric provider is connected. */
  biometricSandbox: boolean;
}

/** Running it in production: metrics, start-up migrations, shutdown. */
export interface OperationsConfig {
  /** Prometheus metrics on their own port (METRICS_PORT); null: only behind the token, if any. */
  metricsPort: number | null;
  metricsHost: string;
  /** GET /api/metrics with `Authorization: Bearer <token>` (METRICS_TOKEN); null: no such route. */
  metricsToken: string | null;
  /** Migrate at start (under the advisory lock); off: start only on a migrated database. */
  migrateAtStart: boolean;
  /** After SIGTERM, readiness answers 503 this long before the server stops taking requests. */
  shutdownDrainMs: number;
}

export interface AppConfig {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Sandboxes of outside services, /dev/test and /api/dev/* are mounted only when true. */
  sandbox: boolean;
  /**
   * The operator console's demo admin (a published password and TOTP secret) and GET
   * /api/dev/crm-demo: only in the sandbox of a development start nobody else can reach, or
   * with SANDBOX_DEMO_ADMIN=true, which a production start refuses.
   */
  sandboxDemoAdmin: boolean;
  logLevel: LogLevel;
  /** PostgreSQL server when set; embedded PGlite in `pgliteDir` otherwise. */
  databaseUrl: string | null;
  /**
   * A standby of that server (DATABASE_REPLICA_URL) for the reads that may lag: the console's
   * search and audit log, the client's documents and history (db/replica.ts). Null: all on one.
   */
  databaseReplicaUrl: string | null;
  dataDir: string;
  pgliteDir: string;
  filesDir: string;
  company: CompanySettings;
  session: SessionPolicy;
  bodyLimitBytes: number;
  /**
   * Proxies (addresses or CIDR ranges) whose X-Forwarded-For / -Host / -Proto are believed; empty
   * means none: the client's own address and Host count.
   */
  trustProxy: readonly string[];
  /** How often an instance asks the database whether public data changed (services/public-data). */
  publicDataCheckMs: number;
  /** Keys the HMAC of SMS codes; required outside the sandbox. */
  appSecret: string;
  /**
   * Where clients open the cabinet (PUBLIC_URL): links in e-mails and gateway returns start with it.
   * Null: each request's own address (http/public-url.ts); the CRM link then uses localhost.
   */
  publicUrl: string | null;
  sms: SmsConfig;
  email: EmailConfig;
  loginLockout: LoginLockoutPolicy;
  suggestions: SuggestionsSettings;
  /** Card payments; null outside the sandbox without BEST2PAY_URL (cards «не подключены»). */
  best2pay: Best2PayConfig | null;
  best2paySandbox: Best2PaySandboxConfig;
  /** The credit bureau; null outside the sandbox without BUREAU_NBKI_URL (no loan is decided). */
  bureau: BureauConfig | null;
  bureauSandbox: BureauSandboxConfig;
  /** The ФНС look-up of a person's ИНН by passport. */
  fns: FnsConfig;
  creditHistory: CreditHistoryConfig;
  loans: LoansConfig;
  /** Госуслуги; null when neither configured nor in the sandbox. */
  esia: EsiaConfig | null;
  identification: IdentificationConfig;
  operations: OperationsConfig;
}

export const FNS_PUBLIC_INN_URL = 'https://service.nalog.ru/inn-proc.do';

export interface FnsConfig {
  /** Where the form of «Узнать ИНН» is posted. */
  innUrl: string;
  timeoutMs: number;
  /** The address is this process's own sandbox: called in-process, not over HTTP. */
  inProcess: boolean;
}

/** Public knowledge, like DEV_APP_SECRET: the sandbox gateway's sector protects nothing real. */
export const SANDBOX_BEST2PAY_SECTOR = '7301';
export const SANDBOX_BEST2PAY_PASSWORD = 'zaymo-sandbox-best2pay-password';

/** The sandbox bureau's member credentials: public, like the sandbox gateway's. */
export const SANDBOX_BUREAU_MEMBER = {
  memberCode: 'ZAYMO01',
  userId: 'zaymo',
  password: 'zaymo-sandbox-bureau-password',
} as const;

/** Only for the sandbox and development: anyone can read it here, so it protects nothing. */
export const DEV_APP_SECRET = 'zaymo-sandbox-secret-not-for-production-use-0001';

const MINUTES_PER_DAY = 24 * 60;

const flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'], {
    error: 'ожидается 1/0 или true/false',
  })
  .transform((value) => ['1', 'true', 'yes', 'on'].includes(value));

const minutes = z.coerce.number().int().positive();

const isoDateSetting = z.string().regex(/^(\d{4}-\d{2}-\d{2})?$/, 'ожидается дата ГГГГ-ММ-ДД');
const dailyPercentSetting = z
  .string()
  .regex(/^0(\.\d{1,3})?$/, 'ожидается процент в день меньше 1: 0.5');
/** A comma-separated list of days («3,1»); «0» turns those messages off. */
const dayList = (fallback: string) =>
  z
    .string()
    .regex(/^\d{1,3}(,\d{1,3})*$/, 'ожидается список дней через запятую: 3,1')
    .default(fallback);

/** The days of a list, each once, from the smallest, without zero. */
function distinctDays(list: string): number[] {
  const days = list.split(',').map(Number);
  return [...new Set(days.filter((day) => day > 0))].sort((a, b) => a - b);
}

/** Every variable the server reads; docs/configuration.md lists them (config.docs.test.ts). */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'ожидается адрес вида postgres://…')
    .optional(),
  DATABASE_REPLICA_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'ожидается адрес вида postgres://…')
    .optional(),
  DATA_DIR: z.string().default('./data'),
  SANDBOX: flag.optional(),
  SANDBOX_DEMO_ADMIN: flag.optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  SESSION_IDLE_MINUTES: minutes.default(7 * MINUTES_PER_DAY),
  SESSION_ABSOLUTE_MINUTES: minutes.default(30 * MINUTES_PER_DAY),
  OPERATOR_SESSION_MINUTES: minutes.default(120),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
  TRUST_PROXY: z
    .string()
    .regex(
      /^(none|[0-9A-Fa-f.:/]+(\s*,\s*[0-9A-Fa-f.:/]+)*)$/,
      'ожидаются адреса или подсети прокси через запятую: 127.0.0.1,10.0.0.0/8 (или none)',
    )
    .default('none'),
  PUBLIC_DATA_CHECK_MS: z.coerce.number().int().min(0).default(2000),
  BRAND_NAME: z.string().default('Займо'),
  COMPANY_LEGAL_NAME: z.string().default('ООО МКК «Займо»'),
  COMPANY_OGRN: z
    .string()
    .regex(/^\d{13}$/, 'ОГРН — 13 цифр')
    .default('1237700482150'),
  COMPANY_INN: z
    .string()
    .regex(/^\d{10}$/, 'ИНН организации — 10 цифр')
    .default('7703482150'),
  COMPANY_CBR_REGISTER_ENTRY: z.string().default('2303045010123'),
  COMPANY_ADDRESS: z
    .string()
    .default('123112, г. Москва, Пресненская наб., д. 12, этаж 45, помещение 4501'),
  SUPPORT_PHONE: z.string().default('8 800 350-12-34'),
  SUPPORT_EMAIL: z.email().default('support@zaymo.ru'),
  SUPPORT_WORKING_HOURS: z.string().default('Ежедневно с 8:00 до 22:00 (МСК)'),
  SITE_URL: z.url().default('https://zaymo.ru'),
  APP_SECRET: z.string().min(32, 'не короче 32 символов').optional(),
  PUBLIC_URL: z.url('ожидается адрес вида https://lk.zaymo.ru').optional(),
  SMS_RU_API_ID: z.string().optional(),
  SMS_RU_URL: z.url().default('https://sms.ru/sms/send'),
  SMS_RU_FROM: z.string().max(11, 'имя отправителя — до 11 символов').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'ожидается адрес вида smtp://user:password@host:587')
    .optional(),
  MAIL_FROM: z.string().optional(),
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).max(100).default(5),
  LOGIN_LOCKOUT_MINUTES: minutes.default(15),
  DADATA_TOKEN: z.string().optional(),
  DADATA_URL: z.url('ожидается адрес вида https://suggestions.dadata.ru').optional(),
  BEST2PAY_URL: z.url('ожидается адрес вида https://pay.best2pay.net').optional(),
  BEST2PAY_SECTOR: z
    .string()
    .regex(/^\d{1,10}$/, 'номер сектора — цифры')
    .optional(),
  BEST2PAY_PASSWORD: z.string().optional(),
  BEST2PAY_SANDBOX_NOTIFY: flag.default(true),
  MORATORIUM_DAYS: z.coerce.number().int().min(0).max(365).default(30),
  PROLONGATION_DAYS: z
    .string()
    .regex(/^\d{1,3}(,\d{1,3})*$/, 'ожидается список дней через запятую: 7,14,30')
    .default('7,14,30'),
  ACCRUAL_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  REMINDER_DAYS_BEFORE: dayList('3,1'),
  OVERDUE_NOTICE_DAYS: z.coerce.number().int().min(1).max(30).default(7),
  DUNNING_DAYS: dayList('3,7,14,30'),
  COOLING_OFF_FROM_RUB: z.coerce.number().int().min(1).max(10_000_000).default(50_000),
  COOLING_OFF_SHORT_HOURS: z.coerce.number().int().min(0).max(720).default(4),
  COOLING_OFF_LONG_ABOVE_RUB: z.coerce.number().int().min(1).max(10_000_000).default(200_000),
  COOLING_OFF_LONG_HOURS: z.coerce.number().int().min(0).max(720).default(48),
  INSURANCE_REFUSAL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  INSURANCE_REFUND_WORKING_DAYS: z.coerce.number().int().min(1).max(60).default(7),
  INTERACTION_REFUSAL_AFTER_MONTHS: z.coerce.number().int().min(0).max(24).default(4),
  CREDIT_HOLIDAY_INCOME_MAX_RUB: z.coerce.number().int().min(1).max(100_000_000).default(450_000),
  CREDIT_HOLIDAY_INCOME_MAX_MONTHS: z.coerce.number().int().min(1).max(24).default(6),
  CREDIT_HOLIDAY_SERVICE_MAX_MONTHS: z.coerce.number().int().min(1).max(120).default(24),
  CREDIT_HOLIDAY_SERVICE_UNTIL: isoDateSetting.default('2026-12-31'),
  CREDIT_HOLIDAY_INCOME_DAY_PERCENT: dailyPercentSetting.optional(),
  CREDIT_HOLIDAY_SERVICE_DAY_PERCENT: dailyPercentSetting.optional(),
  CREDIT_HOLIDAY_DECISION_WORKING_DAYS: z.coerce.number().int().min(1).max(30).default(5),
  RECONCILE_AFTER_SECONDS: z.coerce.number().int().min(30).max(86_400).default(120),
  RECONCILE_BATCH: z.coerce.number().int().min(1).max(1000).default(200),
  RECONCILE_GATEWAY_CALLS: z.coerce.number().int().min(1).max(64).default(32),
  REFUND_RETRY_MINUTES: z.coerce.number().int().min(1).max(1440).default(60),
  REFUND_RETRY_DAYS: z.coerce.number().int().min(0).max(60).default(7),
  SCORING_SWEEP_SECONDS: z.coerce.number().int().min(0).max(3600).default(15),
  SCORING_STALE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(30),
  SCORING_MAX_DEBT_LOAD_PERCENT: z.coerce.number().int().min(1).max(100).default(50),
  SCORING_REVIEW_DEBT_LOAD_PERCENT: z.coerce.number().int().min(1).max(99).optional(),
  SCORING_SANDBOX_IDENTITIES: flag.optional(),
  PDN_NOTICE_ABOVE_PERCENT: z.coerce.number().int().min(1).max(100).default(50),
  PDN_REGIONAL_CAP_FROM: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'ожидается дата ГГГГ-ММ-ДД')
    .default('2026-01-01'),
  PDN_REGIONAL_INCOME_FILE: z.string().optional(),
  SCORING_MAX_DAYS_PAST_DUE: z.coerce.number().int().min(0).max(3650).default(30),
  BUREAU_NBKI_URL: z.url('ожидается адрес вида https://icrs.nbki.ru').optional(),
  BUREAU_NBKI_REPORTING_URL: z.url('ожидается адрес загрузки документов НБКИ').optional(),
  BUREAU_NBKI_MEMBER_CODE: z.string().optional(),
  BUREAU_NBKI_USER: z.string().optional(),
  BUREAU_NBKI_PASSWORD: z.string().optional(),
  BUREAU_NBKI_SIGNER_URL: z.url('ожидается адрес сервиса подписи ГОСТ').optional(),
  BUREAU_NBKI_PRODUCT: z
    .string()
    .regex(/^[A-Z]{4}$/, 'код продукта НБКИ — четыре латинские буквы, например CHSP')
    .default('CHSP'),
  BUREAU_NBKI_PURPOSE: z
    .string()
    .regex(/^\d{1,2}$/, 'цель запроса — код справочника 5.3 НБКИ')
    .default('1'),
  FNS_INN_URL: z.url('ожидается адрес вида https://service.nalog.ru/inn-proc.do').optional(),
  FNS_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  BUREAU_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(20_000),
  BUREAU_WAIT_MINUTES: z.coerce.number().int().min(1).max(10_080).default(60),
  BUREAU_WAIT_ACTION: z
    .enum(BUREAU_WAIT_ACTIONS, { error: 'ожидается refuse или review' })
    .default('review'),
  BUREAU_REPORT_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  BUREAU_REPORT_BATCH: z.coerce.number().int().min(1).max(1000).default(100),
  BUREAU_REPORT_RETRY_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  BUREAU_REPORT_DEADLINE_DAYS: z.coerce.number().int().min(1).max(10).default(2),
  ESIA_URL: z.url('ожидается адрес вида https://esia.gosuslugi.ru').optional(),
  ESIA_CLIENT_ID: z.string().optional(),
  ESIA_CERTIFICATE_HASH: z
    .string()
    .regex(/^[0-9A-Fa-f]{64}$/, 'хэш сертификата — 64 шестнадцатеричные цифры')
    .optional(),
  ESIA_SIGNER_URL: z.url('ожидается адрес вида https://signer.internal:8443').optional(),
  ESIA_SIGNER_TOKEN: z.string().min(16, 'не короче 16 символов').optional(),
  ESIA_TOKEN_KEY: z
    .string()
    .regex(
      /-----BEGIN (PUBLIC KEY|CERTIFICATE)-----/,
      'ожидается открытый ключ или сертификат ЕСИА в формате PEM',
    )
    .optional(),
  ESIA_ISSUER: z.string().default('http://esia.gosuslugi.ru/'),
  LENDER_KIND: z.enum(['mfk', 'mkk'], { error: 'ожидается mfk или mkk' }).default('mkk'),
  BIOMETRIC_REQUIRED_FROM: z
    .string()
    .regex(/^(\d{4}-\d{2}-\d{2}|never)$/, 'ожидается дата ГГГГ-ММ-ДД или never')
    .optional(),
  METRICS_PORT: z.coerce.number().int().min(1).max(65_535).optional(),
  METRICS_HOST: z.string().default('127.0.0.1'),
  METRICS_TOKEN: z.string().min(16, 'не короче 16 символов').optional(),
  MIGRATE_AT_START: flag.default(true),
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).default(0),
});
type Env = z.infer<typeof envSchema>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  cwd: string = process.cwd(),
): AppConfig {
  const parsed = envSchema.safeParse(withoutEmptyValues(env));
  if (!parsed.success) throw new ConfigError(describeProblems(parsed.error));
  const review = parsed.data.SCORING_REVIEW_DEBT_LOAD_PERCENT;
  if (review !== undefined && review >= parsed.data.SCORING_MAX_DEBT_LOAD_PERCENT) {
    throw new ConfigError(
      'SCORING_REVIEW_DEBT_LOAD_PERCENT must be below SCORING_MAX_DEBT_LOAD_PERCENT ' +
        '(the grey zone lies between them)',
    );
  }
  if (parsed.data.BUREAU_TIMEOUT_MS >= parsed.data.SCORING_STALE_SECONDS * 1000) {
    throw new ConfigError(
      'Неверные переменные окружения: BUREAU_TIMEOUT_MS: должно быть меньше SCORING_STALE_SECONDS ' +
        '(в миллисекундах) — иначе заявку, которая ещё ждёт ответа бюро, спросят второй раз',
    );
  }
  if (parsed.data.DATABASE_REPLICA_URL && !parsed.data.DATABASE_URL) {
    throw new ConfigError(
      'Неверные переменные окружения: DATABASE_REPLICA_URL: задаётся только вместе с DATABASE_URL ' +
        '(реплика того же сервера PostgreSQL)',
    );
  }
  return toAppConfig(parsed.data, cwd);
}

function toAppConfig(env: Env, cwd: string): AppConfig {
  const dataDir = path.resolve(cwd, env.DATA_DIR);
  const sandbox = env.SANDBOX ?? env.NODE_ENV !== 'production';
  const host = env.HOST ?? (env.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1');
  return {
    nodeEnv: env.NODE_ENV,
    port: env.PORT,
    host,
    sandbox,
    sandboxDemoAdmin: demoAdminFrom(env, sandbox, host),
    logLevel: env.LOG_LEVEL,
    databaseUrl: env.DATABASE_URL ?? null,
    databaseReplicaUrl: env.DATABASE_REPLICA_URL ?? null,
    dataDir,
    pgliteDir: path.join(dataDir, 'pglite'),
    filesDir: path.join(dataDir, 'files'),
    company: companyFrom(env),
    session: {
      idleMinutes: env.SESSION_IDLE_MINUTES,
      absoluteMinutes: env.SESSION_ABSOLUTE_MINUTES,
      operatorMinutes: env.OPERATOR_SESSION_MINUTES,
    },
    bodyLimitBytes: env.BODY_LIMIT_BYTES,
    trustProxy: trustedProxies(env.TRUST_PROXY),
    publicDataCheckMs: env.PUBLIC_DATA_CHECK_MS,
    appSecret: appSecretFrom(env, sandbox),
    publicUrl: publicUrlOf(env),
    sms: env.SMS_RU_API_ID
      ? {
          provider: 'smsru',
          apiId: env.SMS_RU_API_ID,
          url: env.SMS_RU_URL,
          from: env.SMS_RU_FROM ?? null,
        }
      : { provider: 'outbox' },
    email: {
      smtpUrl: env.SMTP_URL ?? null,
      from: env.MAIL_FROM ?? `«${env.BRAND_NAME}» <noreply@zaymo.ru>`,
    },
    loginLockout: {
      maxFailures: env.LOGIN_MAX_FAILURES,
      windowMinutes: env.LOGIN_LOCKOUT_MINUTES,
    },
    suggestions: { dadataToken: env.DADATA_TOKEN ?? null, dadataUrl: env.DADATA_URL ?? null },
    best2pay: best2payFrom(env, sandbox),
    best2paySandbox: {
      sector: env.BEST2PAY_SECTOR ?? SANDBOX_BEST2PAY_SECTOR,
      password: env.BEST2PAY_PASSWORD ?? SANDBOX_BEST2PAY_PASSWORD,
      notify: env.BEST2PAY_SANDBOX_NOTIFY,
      notifyUrl: `${ownBaseUrl(env)}/api/pay/notify/best2pay`,
    },
    bureau: bureauFrom(env, sandbox),
    bureauSandbox: SANDBOX_BUREAU_MEMBER,
    fns: fnsFrom(env, sandbox),
    creditHistory: {
      reportSeconds: env.BUREAU_REPORT_SECONDS,
      batchSize: env.BUREAU_REPORT_BATCH,
      retrySeconds: env.BUREAU_REPORT_RETRY_SECONDS,
      deadlineWorkingDays: env.BUREAU_REPORT_DEADLINE_DAYS,
    },
    loans: loansFrom(env, sandbox, cwd),
    esia: esiaFrom(env, sandbox),
    identification: identificationFrom(env, sandbox),
    operations: {
      metricsPort: env.METRICS_PORT ?? null,
      metricsHost: env.METRICS_HOST,
      metricsToken: env.METRICS_TOKEN ?? null,
      migrateAtStart: env.MIGRATE_AT_START,
      shutdownDrainMs: env.SHUTDOWN_DRAIN_MS,
    },
  };
}

function loansFrom(env: Env, sandbox: boolean, cwd: string): LoansConfig {
  return {
    moratoriumDays: env.MORATORIUM_DAYS,
    coolingOff: {
      shortFrom: roubles(env.COOLING_OFF_FROM_RUB),
      shortHours: env.COOLING_OFF_SHORT_HOURS,
      longAbove: roubles(env.COOLING_OFF_LONG_ABOVE_RUB),
      longHours: env.COOLING_OFF_LONG_HOURS,
    },
    addOnRefusal: {
      refusalDays: env.INSURANCE_REFUSAL_DAYS,
      refundWorkingDays: env.INSURANCE_REFUND_WORKING_DAYS,
    },
    interactionRefusalAfterMonths: env.INTERACTION_REFUSAL_AFTER_MONTHS,
    creditHolidays: {
      incomeDropMaxLoan: roubles(env.CREDIT_HOLIDAY_INCOME_MAX_RUB),
      incomeDropMaxMonths: env.CREDIT_HOLIDAY_INCOME_MAX_MONTHS,
      serviceMaxMonths: env.CREDIT_HOLIDAY_SERVICE_MAX_MONTHS,
      serviceRequestsUntil: env.CREDIT_HOLIDAY_SERVICE_UNTIL || null,
      incomeDropDailyPercent: env.CREDIT_HOLIDAY_INCOME_DAY_PERCENT ?? null,
      serviceDailyPercent: env.CREDIT_HOLIDAY_SERVICE_DAY_PERCENT ?? null,
      decisionWorkingDays: env.CREDIT_HOLIDAY_DECISION_WORKING_DAYS,
    },
    servicing: {
      limits: DEFAULT_LOAN_LIMITS,
      prolongationDays: env.PROLONGATION_DAYS.split(',').map(Number),
      accrualSeconds: env.ACCRUAL_SECONDS,
      reconcileAfterSeconds: env.RECONCILE_AFTER_SECONDS,
      reconcileBatch: env.RECONCILE_BATCH,
      reconcileGatewayCalls: env.RECONCILE_GATEWAY_CALLS,
      refundRetryMinutes: env.REFUND_RETRY_MINUTES,
      refundRetryDays: env.REFUND_RETRY_DAYS,
      reminders: {
        daysBefore: distinctDays(env.REMINDER_DAYS_BEFORE),
        overdueNoticeDays: env.OVERDUE_NOTICE_DAYS,
        dunningDays: distinctDays(env.DUNNING_DAYS),
      },
    },
    scoring: {
      sweepSeconds: env.SCORING_SWEEP_SECONDS,
      staleSeconds: env.SCORING_STALE_SECONDS,
      maxDebtLoadPercent: env.SCORING_MAX_DEBT_LOAD_PERCENT,
      reviewDebtLoadPercent: env.SCORING_REVIEW_DEBT_LOAD_PERCENT ?? null,
      sandboxIdentities: sandbox && (env.SCORING_SANDBOX_IDENTITIES ?? true),
      bureauWait: { minutes: env.BUREAU_WAIT_MINUTES, action: env.BUREAU_WAIT_ACTION },
      maxDaysPastDue: env.SCORING_MAX_DAYS_PAST_DUE,
      highCostLimits: HIGH_COST_LOAN_LIMITS,
      debtLoadNoticeAbovePercent: env.PDN_NOTICE_ABOVE_PERCENT,
      debtLoadIncome: {
        regionalCapFrom: env.PDN_REGIONAL_CAP_FROM,
        table: regionalIncomeFrom(env.PDN_REGIONAL_INCOME_FILE, cwd),
      },
    },
  };
}

/** The built-in Росстат table, or the operator's file of the same shape (relative to the cwd). */
function regionalIncomeFrom(file: string | undefined, cwd: string): RegionalIncomeTable {
  try {
    return loadRegionalIncome(file && path.resolve(cwd, file));
  } catch (error) {
    throw new ConfigError(
      `Неверные переменные окружения: PDN_REGIONAL_INCOME_FILE: файл ${file ?? ''} не читается ` +
        `как таблица среднедушевых доходов по регионам (${String(error)})`,
    );
  }
}

const NBKI_CREDENTIALS = [
  'BUREAU_NBKI_MEMBER_CODE',
  'BUREAU_NBKI_USER',
  'BUREAU_NBKI_PASSWORD',
  'BUREAU_NBKI_SIGNER_URL',
] as const;

/** НБКИ needs its member code, user, password and the signing service; the sandbox bureau is the default. */
function bureauFrom(env: Env, sandbox: boolean): BureauConfig | null {
  const common = {
    product: env.BUREAU_NBKI_PRODUCT,
    purpose: env.BUREAU_NBKI_PURPOSE,
    timeoutMs: env.BUREAU_TIMEOUT_MS,
  };
  if (env.BUREAU_NBKI_URL) {
    const missing = NBKI_CREDENTIALS.filter((name) => !env[name]);
    if (missing.length > 0) {
      throw new ConfigError(
        `Неверные переменные окружения: ${missing.join(', ')}: обязательны вместе с ` +
          'BUREAU_NBKI_URL — код участника, пользователь и пароль из договора с НБКИ и адрес ' +
          'сервиса подписи ГОСТ',
      );
    }
    const base = env.BUREAU_NBKI_URL.replace(/\/+$/, '');
    return {
      ...common,
      name: 'НБКИ',
      reportUrl: `${base}/products/B2BRequestServlet`,
      reportingUrl: env.BUREAU_NBKI_REPORTING_URL ?? `${base}/products/B2BRUTDF`,
      memberCode: env.BUREAU_NBKI_MEMBER_CODE ?? '',
      userId: env.BUREAU_NBKI_USER ?? '',
      password: env.BUREAU_NBKI_PASSWORD ?? '',
      signerUrl: (env.BUREAU_NBKI_SIGNER_URL ?? '').replace(/\/+$/, ''),
      inProcess: false,
    };
  }
  if (!sandbox) return null;
  const base = `${ownBaseUrl(env)}/sandbox/nbki`;
  return {
    ...common,
    name: 'Песочница НБКИ',
    reportUrl: `${base}/products/B2BRequestServlet`,
    reportingUrl: `${base}/products/B2BRUTDF`,
    ...SANDBOX_BUREAU_MEMBER,
    signerUrl: null,
    inProcess: true,
  };
}

/** The real gateway needs its sector and password; the sandbox gateway is the default. */
function best2payFrom(env: Env, sandbox: boolean): Best2PayConfig | null {
  if (env.BEST2PAY_URL) {
    if (!env.BEST2PAY_SECTOR || !env.BEST2PAY_PASSWORD) {
      throw new ConfigError(
        'Неверные переменные окружения: BEST2PAY_SECTOR, BEST2PAY_PASSWORD: обязательны вместе ' +
          'с BEST2PAY_URL — номер сектора и пароль подписи из личного кабинета Best2Pay',
      );
    }
    return {
      url: env.BEST2PAY_URL.replace(/\/+$/, ''),
      sector: env.BEST2PAY_SECTOR,
      password: env.BEST2PAY_PASSWORD,
      inProcess: false,
    };
  }
  if (!sandbox) return null;
  return {
    url: `${ownBaseUrl(env)}/sandbox/best2pay`,
    sector: env.BEST2PAY_SECTOR ?? SANDBOX_BEST2PAY_SECTOR,
    password: env.BEST2PAY_PASSWORD ?? SANDBOX_BEST2PAY_PASSWORD,
    inProcess: true,
  };
}

const ESIA_REQUIRED = [
  'ESIA_CLIENT_ID',
  'ESIA_CERTIFICATE_HASH',
  'ESIA_SIGNER_URL',
  'ESIA_TOKEN_KEY',
];

/** The real ЕСИА needs its registration, a signer and its key; the sandbox is the default. */
function esiaFrom(env: Env, sandbox: boolean): EsiaConfig | null {
  if (env.ESIA_URL) {
    const missing = ESIA_REQUIRED.filter((name) => !env[name as keyof Env]);
    if (missing.length > 0 || !env.ESIA_CLIENT_ID || !env.ESIA_CERTIFICATE_HASH) {
      throw new ConfigError(
        `Неверные переменные окружения: ${missing.join(', ')}: обязательны вместе с ESIA_URL — ` +
          'мнемоника системы, хэш её сертификата, сервис подписи и открытый ключ ЕСИА',
      );
    }
    return {
      url: env.ESIA_URL.replace(/\/+$/, ''),
      clientId: env.ESIA_CLIENT_ID,
      certificateHash: env.ESIA_CERTIFICATE_HASH.toUpperCase(),
      signer: {
        url: (env.ESIA_SIGNER_URL ?? '').replace(/\/+$/, ''),
        token: env.ESIA_SIGNER_TOKEN ?? null,
      },
      tokenKey: (env.ESIA_TOKEN_KEY ?? '').replace(/\\n/g, '\n'),
      issuer: env.ESIA_ISSUER,
      inProcess: false,
    };
  }
  if (!sandbox) return null;
  const base = ownBaseUrl(env);
  return {
    url: `${base}/sandbox/esia`,
    clientId: SANDBOX_ESIA_CLIENT_ID,
    certificateHash: SANDBOX_ESIA_CERTIFICATE_HASH,
    signer: { url: `${base}/sandbox/esia-signer`, token: null },
    tokenKey: SANDBOX_ESIA_PUBLIC_KEY,
    issuer: SANDBOX_ESIA_ISSUER,
    inProcess: true,
  };
}

/**
 * 41-ФЗ (п. 3 ст. 7 и ст. 12 — for a lawyer to confirm): online loans only after ЕСИА and ЕБС
 * identification, for an МФК from 1 March 2026, for an МКК from 1 March 2027.
 */
export const BIOMETRIC_RULE_DATES: Readonly<Record<LenderKind, string>> = {
  mfk: '2026-03-01',
  mkk: '2027-03-01',
};

function identificationFrom(env: Env, sandbox: boolean): IdentificationConfig {
  const from = env.BIOMETRIC_REQUIRED_FROM ?? BIOMETRIC_RULE_DATES[env.LENDER_KIND];
  return {
    lenderKind: env.LENDER_KIND,
    biometricRequiredFrom: from === 'never' ? null : from,
    biometricSandbox: sandbox,
  };
}

/** Links made with no request at hand (the CRM link, autopay): PUBLIC_URL or this machine. */
export function defaultPublicUrl(config: AppConfig): string {
  return config.publicUrl ?? `http://localhost:${config.port}`;
}

/**
 * The demo admin opens the console to whoever reads the published password. By itself it exists
 * only on a development start listening on the loopback with no proxy in front (TRUST_PROXY):
 * nobody but this machine reaches it. SANDBOX=true alone (a staging server) does not make one.
 */
function demoAdminFrom(env: Env, sandbox: boolean, host: string): boolean {
  if (env.SANDBOX_DEMO_ADMIN && env.NODE_ENV === 'production') {
    throw new ConfigError(
      'Неверные переменные окружения: SANDBOX_DEMO_ADMIN: демо-администратор консоли с ' +
        'известным паролем запрещён в боевом режиме (NODE_ENV=production) — уберите ' +
        'переменную и создайте первого администратора командой npm run crm:admin',
    );
  }
  if (!sandbox) return false;
  const loopbackOnly = LOOPBACK_HOSTS.has(host) && env.TRUST_PROXY === 'none';
  return env.SANDBOX_DEMO_ADMIN ?? (env.NODE_ENV !== 'production' && loopbackOnly);
}

const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(['127.0.0.1', 'localhost', '::1']);

function trustedProxies(value: string): string[] {
  if (value === 'none') return [];
  return value.split(',').map((address) => address.trim());
}

function publicUrlOf(env: Env): string | null {
  return env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/+$/, '') : null;
}

/** This server as the gateway reaches it: PUBLIC_URL, or the loopback address and PORT. */
/** The ФНС service «Узнать ИНН»: FNS_INN_URL, else this server's sandbox, else the ФНС itself. */
function fnsFrom(env: Env, sandbox: boolean): FnsConfig {
  const timeoutMs = env.FNS_TIMEOUT_MS;
  if (env.FNS_INN_URL) return { innUrl: env.FNS_INN_URL, timeoutMs, inProcess: false };
  if (sandbox) {
    return { innUrl: `${ownBaseUrl(env)}/sandbox/fns/inn-proc.do`, timeoutMs, inProcess: true };
  }
  return { innUrl: FNS_PUBLIC_INN_URL, timeoutMs, inProcess: false };
}

function ownBaseUrl(env: Env): string {
  return publicUrlOf(env) ?? `http://127.0.0.1:${env.PORT}`;
}

/** In production without the sandbox a real secret is required: the dev default is public. */
function appSecretFrom(env: Env, sandbox: boolean): string {
  const realProduction = env.NODE_ENV === 'production' && !sandbox;
  if (env.APP_SECRET && !(realProduction && env.APP_SECRET === DEV_APP_SECRET)) {
    return env.APP_SECRET;
  }
  if (!realProduction) return DEV_APP_SECRET;
  throw new ConfigError(
    'Неверные переменные окружения: APP_SECRET: обязателен в боевом режиме — задайте случайную ' +
      'строку не короче 32 символов (например, openssl rand -base64 48)',
  );
}

function companyFrom(env: Env): CompanySettings {
  return {
    brand: env.BRAND_NAME,
    legal_name: env.COMPANY_LEGAL_NAME,
    ogrn: env.COMPANY_OGRN,
    inn: env.COMPANY_INN,
    cbr_register_entry: env.COMPANY_CBR_REGISTER_ENTRY,
    address: env.COMPANY_ADDRESS,
    support_phone: env.SUPPORT_PHONE,
    support_email: env.SUPPORT_EMAIL,
    working_hours: env.SUPPORT_WORKING_HOURS,
    site_url: env.SITE_URL,
  };
}

/** An empty variable (`PORT=`) means "not set", as shells and .env files usually intend. */
function withoutEmptyValues(env: Record<string, string | undefined>): Record<string, string> {
  const entries = Object.entries(env).filter(
    (entry): entry is [string, string] => entry[1] !== undefined && entry[1].trim() !== '',
  );
  return Object.fromEntries(entries);
}

/**
 * Names the variables and the rule each breaks, never the values (DATABASE_URL has a password).
 * One line, so it reads whole in `journalctl` and in a container's last log line.
 */
function describeProblems(error: z.ZodError): string {
  const problems = error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  return `Неверные переменные окружения: ${problems.join('; ')}`;
}
