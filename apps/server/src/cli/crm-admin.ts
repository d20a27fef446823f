import { parseArgs } from 'node:util';
import { STAFF_ROLES, type StaffRole } from '@zaymo/contract';
import { systemClock } from '../clock';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db';
import { DatabaseLockedError } from '../db/pglite-lock';
import { AppError } from '../errors';
import { createStaff, generateStaffPassword, isRole } from '../services/staff/accounts';

/**
 * npm run crm:admin -- --login ivanova --name "Иванова А." [--role admin]
 * Creates a staff member of the operator console (the first admin; later admins create staff in
 * the console) and prints the generated password once (stdout: the password only). The TOTP
 * second factor is enrolled at the first sign-in at /crm. PGlite serves one process: with PGlite
 * stop the server first — the command says so if it is running.
 */

const USAGE =
  'Использование: npm run crm:admin -- --login ivanova --name "Иванова А." [--role admin]';

class UsageError extends Error {}

function parseCommandLine(argv: string[]): { login: string; name: string; role: StaffRole } {
  const { values } = parseArgs({
    args: argv,
    options: { login: { type: 'string' }, name: { type: 'string' }, role: { type: 'string' } },
    strict: true,
  });
  if (!values.login || !values.name) throw new UsageError(USAGE);
  const role = values.role ?? 'admin';
  if (!isRole(role)) throw new UsageError(`Роль — одна из: ${STAFF_ROLES.join(', ')}`);
  return { login: values.login.trim().toLowerCase(), name: values.name.trim(), role };
}

async function main(): Promise<void> {
  const args = parseCommandLine(process.argv.slice(2));
  if (!/^[a-z0-9._-]{3,64}$/.test(args.login)) {
    throw new UsageError('Логин — от 3 до 64 латинских букв, цифр, точек, дефисов');
  }
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    const password = generateStaffPassword();
    const row = await createStaff(
      { config, db: database.db, clock: systemClock },
      { ...args, password },
      null,
    );
    console.error(
      `Сотрудник «${row.name}» (${row.login}, роль ${row.role}, id ${row.id}) создан. ` +
        'Пароль показан один раз — передайте его сотруднику; при первом входе в /crm ' +
        'он подключит приложение-аутентификатор:',
    );
    console.log(password);
  } finally {
    await database.close();
  }
}

function explain(error: unknown): string {
  if (error instanceof UsageError || error instanceof DatabaseLockedError) return error.message;
  if (error instanceof ConfigError || error instanceof AppError) return error.message;
  if (
    error instanceof TypeError &&
    'code' in error &&
    String(error.code).startsWith('ERR_PARSE_ARGS')
  ) {
    return `${error.message}\n${USAGE}`;
  }
  return `Не удалось создать сотрудника: ${error instanceof Error ? error.message : String(error)}`;
}

main().catch((error: unknown) => {
  console.error(explain(error));
  process.exitCode = 1;
});
