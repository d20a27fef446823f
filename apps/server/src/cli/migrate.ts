import { ConfigError, loadConfig } from '../config';
import { requireProductionSettings } from '../config-production';
import { openDatabase } from '../db';
import { migrationStatus } from '../db/migrations';
import { DatabaseLockedError } from '../db/pglite-lock';

/**
 * npm run db:migrate (or node apps/server/dist/migrate.js): applies the pending migrations of
 * the configured database and exits. On PostgreSQL it takes the same advisory lock as a starting
 * server, so it may run while instances start or run; each migration is applied once.
 */
async function main(): Promise<void> {
  requireProductionSettings();
  const config = loadConfig();
  const database = await openDatabase(config, { poolMax: 1 });
  try {
    const status = await migrationStatus(database.db, config.sandbox);
    const where = config.databaseUrl ? 'PostgreSQL' : `PGlite (${config.pgliteDir})`;
    console.log(
      `Миграции применены: ${status.known - status.pending} из ${status.known}, база ${where}`,
    );
    if (status.pending > 0) process.exitCode = 1;
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DatabaseLockedError) {
    console.error(error.message);
  } else console.error('Миграции не применены:', error);
  process.exit(1);
});
