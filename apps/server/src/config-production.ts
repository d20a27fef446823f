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
  if (missing.length > 0) {
    const list = missing.map(({ name, why }) => `${name} (${why})`).join('; ');
    const noun = missing.length === 1 ? 'не задана переменная' : 'не заданы переменные';
    throw new ConfigError(`Боевой режим (NODE_ENV=production): ${noun} окружения ${list}`);
  }
}

const SANDBOX_ON = new Set(['1', 'true', 'yes', 'on']);

/**
 * The server (not the migration command) in production: no loan may be decided without asking a
 * credit bureau (218-FZ art. 5.1: the self-ban; 545-FZ: the high-cost-loan limits), and none is
 * reported without one (218-FZ art. 5 part 3.1). The sandbox bureau answers only a staging server
 * that turned the sandbox on by SANDBOX=true.
 */
export function requireProductionBureau(
  env: Record<string, string | undefined> = process.env,
): void {
  if (env.NODE_ENV !== 'production') return;
  if (env.BUREAU_NBKI_URL?.trim()) return;
  if (SANDBOX_ON.has(env.SANDBOX?.trim().toLowerCase() ?? '')) return;
  throw new ConfigError(
    'Боевой режим (NODE_ENV=production): не подключено бюро кредитных историй — задайте ' +
      'BUREAU_NBKI_URL с учётными данными НБКИ (BUREAU_NBKI_MEMBER_CODE, BUREAU_NBKI_USER, ' +
      'BUREAU_NBKI_PASSWORD, BUREAU_NBKI_SIGNER_URL): без запроса в бюро заём не выдаётся ' +
      '(218-ФЗ, ст. 5.1); песочница бюро — только при SANDBOX=true на тестовом сервере',
  );
}
