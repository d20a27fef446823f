import { ConfigError } from './config';

/**
 * What a production start (NODE_ENV=production) cannot do without, checked before anything else
 * so the operator sees one line naming the variable instead of a half-started server: several
 * instances need one PostgreSQL (PGlite serves one process), SMS codes need the HMAC secret, and
 * e-mail links and gateway returns need the address clients use.
 */
const REQUIRED_IN_PRODUCTION: readonly { name: string; why: string }[] = [
  { name: 'DATABASE_URL', why: 'адрес PostgreSQL вида postgres://user:password@host:5432/zaymo' },
  { name: 'APP_SECRET', why: 'случайная строка не короче 32 символов (openssl rand -base64 48)' },
  { name: 'PUBLIC_URL', why: 'адрес кабинета для клиентов вида https://lk.zaymo.ru' },
];

export function requireProductionSettings(
  env: Record<string, string | undefined> = process.env,
): void {
  if (env.NODE_ENV !== 'production') return;
  const missing = REQUIRED_IN_PRODUCTION.filter(({ name }) => !env[name]?.trim());
  if (missing.length === 0) return;
  const list = missing.map(({ name, why }) => `${name} (${why})`).join('; ');
  const noun = missing.length === 1 ? 'не задана переменная' : 'не заданы переменные';
  throw new ConfigError(`Боевой режим (NODE_ENV=production): ${noun} окружения ${list}`);
}
