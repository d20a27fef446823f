import { parseArgs } from 'node:util';
import { devTicketReplyRequestSchema, type TicketStatus } from '@zaymo/contract';
import { systemClock } from '../clock';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db';
import { DatabaseLockedError } from '../db/pglite-lock';
import { isAppError } from '../errors';
import { answerTicket } from '../services/tickets';

/**
 * npm run crm:reply -- --ticket 12 --text "Ответ" [--operator "Петрова А."] [--close]
 * Adds an operator's answer to a ticket: it becomes «answered», or «closed» with --close. Opens
 * the server's database (DATABASE_URL or PGlite in DATA_DIR); PGlite serves one process, so with
 * PGlite stop the server first — the command says so if it is running.
 */

const USAGE =
  'Использование: npm run crm:reply -- --ticket 12 --text "Текст ответа" ' +
  '[--operator "Имя оператора"] [--close]';
const DEFAULT_OPERATOR = 'Служба поддержки';
const STATUS_TITLES: Record<TicketStatus, string> = {
  open: 'Открыто',
  answered: 'Есть ответ',
  closed: 'Закрыто',
};

class UsageError extends Error {
  override name = 'UsageError';
}

interface ReplyArgs {
  ticketId: number;
  text: string;
  operator: string;
  close: boolean;
}

function parseCommandLine(argv: string[]): ReplyArgs {
  const { values } = parseArgs({
    args: argv,
    options: {
      ticket: { type: 'string' },
      text: { type: 'string' },
      operator: { type: 'string' },
      close: { type: 'boolean', default: false },
    },
    strict: true,
  });
  const ticketId = Number(values.ticket);
  if (!values.ticket || !Number.isSafeInteger(ticketId) || ticketId <= 0 || !values.text) {
    throw new UsageError(USAGE);
  }
  const body = devTicketReplyRequestSchema.safeParse({
    text: values.text,
    operator: values.operator ?? DEFAULT_OPERATOR,
  });
  if (!body.success)
    throw new UsageError(body.error.issues.map((issue) => issue.message).join('\n'));
  return { ticketId, text: body.data.text, operator: body.data.operator, close: values.close };
}

async function main(): Promise<void> {
  const args = parseCommandLine(process.argv.slice(2));
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    const ticket = await answerTicket(
      { db: database.db, clock: systemClock },
      { ticketId: args.ticketId, text: args.text, operatorName: args.operator, close: args.close },
    ).catch((error: unknown) => {
      if (isAppError(error) && error.status === 404) {
        throw new UsageError(`Обращение №${args.ticketId} не найдено`);
      }
      throw error;
    });
    console.log(
      `Ответ оператора «${args.operator}» добавлен в обращение №${ticket.id} ` +
        `«${ticket.subject}». Статус: ${STATUS_TITLES[ticket.status]}.`,
    );
  } finally {
    await database.close();
  }
}

function explain(error: unknown): string {
  if (error instanceof UsageError || error instanceof DatabaseLockedError) return error.message;
  if (error instanceof ConfigError) return error.message;
  if (
    error instanceof TypeError &&
    'code' in error &&
    String(error.code).startsWith('ERR_PARSE_ARGS')
  ) {
    return `${error.message}\n${USAGE}`;
  }
  return `Не удалось добавить ответ: ${error instanceof Error ? error.message : String(error)}`;
}

main().catch((error: unknown) => {
  console.error(explain(error));
  process.exitCode = 1;
});
