import { russianZodErrorMap } from '@zaymo/contract';
import { z } from 'zod';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db';

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
  const where = config.databaseUrl ? 'PostgreSQL' : `PGlite (${config.pgliteDir})`;
  app.log.info(
    `Сервер запущен: http://localhost:${config.port} — база ${where}, песочница ${config.sandbox ? 'включена' : 'выключена'}`,
  );
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
  if (error instanceof ConfigError) console.error(error.message);
  else console.error('Сервер не запустился:', error);
  process.exit(1);
});
