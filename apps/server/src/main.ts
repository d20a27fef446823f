import type { Server } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import { russianZodErrorMap } from '@zaymo/contract';
import { z } from 'zod';
import { buildApp } from './app';
import { ConfigError, LOG_LEVELS, loadConfig, type AppConfig, type LogLevel } from './config';
import { requireProductionBureau, requireProductionSettings } from './config-production';
import { openDatabase, type OpenDatabase } from './db';
import { migrationStatus } from './db/migrations';
import { DatabaseLockedError } from './db/pglite-lock';
import { Lifecycle } from './lifecycle';
import { createLogger } from './logging';
import { AppMetrics } from './metrics/metrics';
import { startMetricsServer } from './metrics/server';

const SHUTDOWN_SIGNALS = ['SIGINT', 'SIGTERM'] as const;

/*
 * Every line the server writes is a JSON line of this one logger (journald, log shippers): the
 * start-up refusals, the pool's broken idle connections and anything thrown that nobody caught
 * included. It exists before the configuration is read, at LOG_LEVEL if that is a valid level.
 */
const log = createLogger(startLevel(process.env.LOG_LEVEL));

function startLevel(value: string | undefined): LogLevel {
  return LOG_LEVELS.find((level) => level === value) ?? 'info';
}

async function main(): Promise<void> {
  z.config({ customError: russianZodErrorMap });
  requireProductionSettings();
  requireProductionBureau();
  const config = loadConfig();
  const database = await openDatabase(config, {
    // The pool drops the connection and opens another when asked; requests meanwhile get 503.
    onPoolError: (error) => log.error({ err: error }, 'Соединение с PostgreSQL разорвано'),
    migrate: config.operations.migrateAtStart,
  });
  if (!config.operations.migrateAtStart) await requireMigrated(database, config.sandbox);
  const lifecycle = new Lifecycle();
  const metrics = new AppMetrics({ defaultMetrics: true });
  const app = await buildApp({ config, database, lifecycle, metrics, logger: log });
  const { metricsPort, metricsHost, shutdownDrainMs } = config.operations;
  let metricsServer: Server | null = null;
  stopGracefullyOnSignals(async () => {
    // Readiness answers 503 first, so the balancer moves away while requests are still served;
    // then the HTTP server stops (in-flight requests finish) and background jobs stop.
    lifecycle.beginShutdown();
    if (shutdownDrainMs > 0) await delay(shutdownDrainMs);
    await app.close();
    await new Promise((resolve) => (metricsServer ? metricsServer.close(resolve) : resolve(null)));
    await database.close();
  }, app.log);
  await app.listen({ port: config.port, host: config.host });
  if (metricsPort !== null) {
    metricsServer = await startMetricsServer(
      metrics,
      { port: metricsPort, host: metricsHost },
      (error) => app.log.error({ err: error }, 'Метрики не собраны'),
    );
    app.log.info(`Метрики Prometheus: http://${metricsHost}:${metricsPort}/metrics`);
  }
  warnAboutOutboxInProduction(config, app.log);
  const where = config.databaseUrl ? 'PostgreSQL' : `PGlite (${config.pgliteDir})`;
  app.log.info(
    `Сервер запущен: http://localhost:${config.port} — база ${where}, песочница ${config.sandbox ? 'включена' : 'выключена'}`,
  );
}

/** MIGRATE_AT_START=false: `npm run db:migrate` must have run; a stale schema stops the start. */
async function requireMigrated(database: OpenDatabase, sandbox: boolean): Promise<void> {
  const status = await migrationStatus(database.db, sandbox);
  if (status.pending === 0) return;
  await database.close();
  throw new ConfigError(
    `База данных не обновлена: не применены ${status.pending} из ${status.known} миграций — ` +
      'выполните npm run db:migrate или уберите MIGRATE_AT_START=false',
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

/** The last line of a process that cannot go on; written synchronously before it exits. */
function exitWith(error: unknown, message: string): never {
  if (error instanceof ConfigError || error instanceof DatabaseLockedError)
    log.fatal(error.message);
  else log.fatal({ err: error }, message);
  process.exit(1);
}

process.on('uncaughtException', (error) =>
  exitWith(error, 'Необработанная ошибка, процесс остановлен'),
);
process.on('unhandledRejection', (error) =>
  exitWith(error, 'Необработанная ошибка, процесс остановлен'),
);
main().catch((error: unknown) => exitWith(error, 'Сервер не запустился'));
