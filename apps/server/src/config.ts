import path from 'node:path';
import { z } from 'zod';
import type { CompanySettings } from '@zaymo/contract';

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

export interface AppConfig {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Sandboxes of outside services, /dev/test and /api/dev/* are mounted only when true. */
  sandbox: boolean;
  logLevel: LogLevel;
  /** PostgreSQL server when set; embedded PGlite in `pgliteDir` otherwise. */
  databaseUrl: string | null;
  dataDir: string;
  pgliteDir: string;
  filesDir: string;
  company: CompanySettings;
  session: SessionPolicy;
  bodyLimitBytes: number;
  /** Behind a load balancer: take the client's IP from X-Forwarded-For. */
  trustProxy: boolean;
}

const MINUTES_PER_DAY = 24 * 60;

const flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'], {
    error: 'ожидается 1/0 или true/false',
  })
  .transform((value) => ['1', 'true', 'yes', 'on'].includes(value));

const minutes = z.coerce.number().int().positive();

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'ожидается адрес вида postgres://…')
    .optional(),
  DATA_DIR: z.string().default('./data'),
  SANDBOX: flag.optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  SESSION_IDLE_MINUTES: minutes.default(7 * MINUTES_PER_DAY),
  SESSION_ABSOLUTE_MINUTES: minutes.default(30 * MINUTES_PER_DAY),
  OPERATOR_SESSION_MINUTES: minutes.default(120),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
  TRUST_PROXY: flag.default(false),
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
  return toAppConfig(parsed.data, cwd);
}

function toAppConfig(env: Env, cwd: string): AppConfig {
  const dataDir = path.resolve(cwd, env.DATA_DIR);
  return {
    nodeEnv: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    sandbox: env.SANDBOX ?? env.NODE_ENV !== 'production',
    logLevel: env.LOG_LEVEL,
    databaseUrl: env.DATABASE_URL ?? null,
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
    trustProxy: env.TRUST_PROXY,
  };
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

/** Names the variables and the rule each breaks, never the values (DATABASE_URL has a password). */
function describeProblems(error: z.ZodError): string {
  const lines = error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  return `Неверные переменные окружения:\n${lines.join('\n')}`;
}
