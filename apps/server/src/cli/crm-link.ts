import { parseArgs } from 'node:util';
import { pino } from 'pino';
import { systemClock } from '../clock';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db';
import { DatabaseLockedError } from '../db/pglite-lock';
import { createLogger, securityEvent } from '../logging';
import { maskPhone } from '../russian';
import { CrmLinkError, issueOperatorLink } from '../services/crm-links';

/**
 * npm run crm:link -- --phone +79991234567 --operator "Петрова А."
 * Prints the CRM link of a short-lived operator session for that client (stdout: the link only;
 * stderr: what it is). Opens the server's database (DATABASE_URL or PGlite in DATA_DIR); PGlite
 * serves one process, so with PGlite stop the server first — the command says so if it is running.
 */

const USAGE = 'Использование: npm run crm:link -- --phone +79991234567 --operator "Имя оператора"';

function parseCommandLine(argv: string[]): { phone: string; operator: string } {
  const { values } = parseArgs({
    args: argv,
    options: { phone: { type: 'string' }, operator: { type: 'string' } },
    strict: true,
  });
  if (!values.phone || !values.operator) throw new CrmLinkError(USAGE);
  return { phone: values.phone, operator: values.operator };
}

const MOSCOW_TIME = new Intl.DateTimeFormat('ru-RU', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: 'Europe/Moscow',
});

async function main(): Promise<void> {
  const args = parseCommandLine(process.argv.slice(2));
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    const link = await issueOperatorLink(
      { config, db: database.db, clock: systemClock },
      { phone: args.phone, operatorName: args.operator },
    );
    const log = createLogger(config.logLevel, pino.destination({ dest: 2, sync: true }));
    securityEvent(log, 'operator_link_issued', {
      operator: link.operatorName,
      clientId: link.clientId,
      expiresAt: link.expiresAt.toISOString(),
    });
    console.error(
      `Ссылка оператора «${link.operatorName}» для клиента ${maskPhone(link.phone)} ` +
        `(id ${link.clientId}) действует до ${MOSCOW_TIME.format(link.expiresAt)} МСК:`,
    );
    console.log(link.url);
  } finally {
    await database.close();
  }
}

function explain(error: unknown): string {
  if (error instanceof CrmLinkError || error instanceof DatabaseLockedError) return error.message;
  if (error instanceof ConfigError) return error.message;
  if (
    error instanceof TypeError &&
    'code' in error &&
    String(error.code).startsWith('ERR_PARSE_ARGS')
  ) {
    return `${error.message}\n${USAGE}`;
  }
  return `Не удалось выдать ссылку: ${error instanceof Error ? error.message : String(error)}`;
}

main().catch((error: unknown) => {
  console.error(explain(error));
  process.exitCode = 1;
});
