import { russianZodErrorMap } from '@zaymo/contract';
import { z } from 'zod';
import { buildApp } from './app';
import { ConfigError, loadConfig, type AppConfig } from './config';
import { openDatabase } from './db';
import { DatabaseLockedError } from './db/pglite-lock';

const SHUTDOWN_SIGNALS = ['SIGINT', 'SIGTERM'] as const;

async function main(): Promise<void> {
  z.config({ customError: russianZodErrorMap });
  const config = loadConfig();
  const database = await openDatabase(config, {
    onPoolError: (error) => console.error('Ошибка соединения с PostgreSQL:', error.message),
  });
  const app = await buildApp({ config, database });
  stopGracefullyOnSignals(async () => {
    await app.close();
    await database.close();
  }, app.log);
  await app.listen({ port: config.port, host: config.host });
  warnAboutOutboxInProduction(config, app.log);
  const where = config.databaseUrl ? 'PostgreSQL' : `PGlite (${config.pgliteDir})`;
  app.log.info(
    `Сервер запущен: http://localhost:${config.port} — база ${where}, песочница ${config.sandbox ? 'включена' : 'выключена'}`,
  );
}

/** Without the sandbox nobody reads the outbox: codes and links written there reach no one. */
function warnAboutOutboxInProduction(config: AppConfig, log: { warn(message: string): void }) {
  if (config.sandbox) return;
  if (config.sms.provider === 'outbox') {
    log.warn(
      'SMS_RU_API_ID не задан: SMS не отправляются, а складываются в таблицу outbox_messages',
    );
  }
  if (!config.email.smtpUrl) {
    log.warn('SMTP_URL не задан: письма не отправляются, а складываются в таблицу outbox_messages');
  }
}

/** First signal: finish in-flight requests and close the database. Second signal: quit now. */
function stopGracefullyOnSignals(
  stop: () => Promise<void>,
  log: { info(message: string): void; error(object: unknown, message: string): void },
): void {
  let stopping = false;
  for (const signal of SHUTDOWN_SIGNALS) {
    process.on(signal, () => {
      if (stopping) process.exit(1);
      stopping = true;
      log.info(`Получен ${signal}, останавливаюсь`);
      stop().then(
        () => process.exit(0),
        (error: unknown) => {
          log.error({ err: error }, 'Ошибка при остановке');
          process.exit(1);
        },
      );
    });
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DatabaseLockedError) {
    console.error(error.message);
  } else console.error('Сервер не запустился:', error);
  process.exit(1);
});
