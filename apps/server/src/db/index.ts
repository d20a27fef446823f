import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { Logger, SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { AppConfig } from '../config';
import { migrationsFolder, sandboxMigrationsFolder } from '../paths';
import type { MigrationConfig } from 'drizzle-orm/migrator';
import { acquireFileLock } from './pglite-lock';
import * as schema from './schema';

export { schema };

/** One type for both drivers: services never know whether PGlite or PostgreSQL is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DatabaseKind = 'pglite' | 'postgres';

export interface OpenDatabase {
  db: Database;
  kind: DatabaseKind;
  /** A standby for the reads that may lag (DATABASE_REPLICA_URL; db/replica.ts), when configured. */
  replica?: Database;
  close(): Promise<void>;
  /** PostgreSQL only: connections of the pool, for the metrics. */
  poolStats?: () => PoolStats;
}

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

export interface OpenDatabaseOptions {
  /** Called when an idle pooled PostgreSQL connection fails; the pool replaces it. */
  onPoolError?: (error: Error) => void;
  /** false: open without migrating (MIGRATE_AT_START=false; `npm run db:migrate` did it). */
  migrate?: boolean;
  /** SANDBOX is on: the sandbox schema is migrated too (first); a production database has none. */
  sandbox?: boolean;
  /** Connections in the PostgreSQL pool (10 by default). */
  poolMax?: number;
  /** Sees every statement drizzle sends (tests count them); none by default. */
  logger?: Logger;
  /** How long a replica connection lives (REPLICA_CONNECTION_LIFETIME_SECONDS by default). */
  replicaConnectionLifetimeSeconds?: number;
}

/**
 * HAProxy sends a new replica connection to the primary while no standby passes its check, and a
 * pooled connection stays where it was opened: ended after this long (when next released), it
 * comes back to a standby once one is up again.
 */
export const REPLICA_CONNECTION_LIFETIME_SECONDS = 60;

/** Opens the configured database and applies pending migrations before anyone queries it. */
export async function openDatabase(
  config: Pick<AppConfig, 'databaseUrl' | 'pgliteDir' | 'sandbox'> &
    Partial<Pick<AppConfig, 'databaseReplicaUrl'>>,
  options: OpenDatabaseOptions = {},
): Promise<OpenDatabase> {
  const withMode = { ...options, sandbox: config.sandbox };
  if (!config.databaseUrl) return openPgliteFolder(config.pgliteDir, withMode);
  const primary = await openPostgres(config.databaseUrl, withMode);
  if (!config.databaseReplicaUrl) return primary;
  const replicaPool = postgresPool(config.databaseReplicaUrl, options, {
    maxLifetimeSeconds:
      options.replicaConnectionLifetimeSeconds ?? REPLICA_CONNECTION_LIFETIME_SECONDS,
  });
  return {
    ...primary,
    replica: drizzlePostgres({ client: replicaPool, schema, logger: options.logger ?? false }),
    close: async () => {
      await primary.close();
      await replicaPool.end();
    },
  };
}

/**
 * A pool that outlives its server (a failover): a broken connection errors once, is not given
 * out again, and the next query connects anew to whatever the address reaches now (HAProxy: the
 * new primary). The pool listens for errors of idle connections only; one that breaks while
 * checked out between two statements (inside a transaction) emits its error on the connection
 * itself, which without a listener ends the process.
 */
function postgresPool(
  connectionString: string,
  options: OpenDatabaseOptions,
  extra: Pick<pg.PoolConfig, 'maxLifetimeSeconds'> = {},
): pg.Pool {
  const pool = new pg.Pool({ connectionString, max: options.poolMax ?? 10, ...extra });
  const report = (error: Error) => options.onPoolError?.(error);
  pool.on('error', report);
  pool.on('connect', (connection) => connection.on('error', report));
  return pool;
}

/** One process at a time: a second one gets a DatabaseLockedError instead of a corrupt folder. */
async function openPgliteFolder(
  folder: string,
  options: OpenDatabaseOptions,
): Promise<OpenDatabase> {
  mkdirSync(folder, { recursive: true });
  const lock = acquireFileLock(`${folder}.lock`);
  try {
    const database = await openPglite(new PGlite(folder), options);
    return {
      ...database,
      close: async () => {
        await database.close();
        lock.release();
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}

/** Wraps a PGlite instance (a data folder, memory, or a loaded snapshot) and migrates it. */
export async function openPglite(
  client: PGlite,
  options: Pick<OpenDatabaseOptions, 'migrate' | 'logger' | 'sandbox'> = {},
): Promise<OpenDatabase> {
  const db = drizzlePglite({ client, schema, logger: options.logger ?? false });
  if (options.migrate !== false) {
    for (const folder of migrationFolders(options.sandbox)) await migratePglite(db, folder);
  }
  return { db, kind: 'pglite', close: () => client.close() };
}

export async function openPostgres(
  connectionString: string,
  options: OpenDatabaseOptions = {},
): Promise<OpenDatabase> {
  const max = options.poolMax ?? 10;
  const pool = postgresPool(connectionString, options);
  try {
    if (options.migrate !== false) await migrateUnderLock(pool, options.sandbox);
  } catch (error) {
    await pool.end();
    throw error;
  }
  return {
    db: drizzlePostgres({ client: pool, schema, logger: options.logger ?? false }),
    kind: 'postgres',
    close: () => pool.end(),
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max,
    }),
  };
}

/** Any number for pg_advisory_lock, fixed so every instance of this app takes the same lock. */
const MIGRATION_LOCK_KEY = 7_301_994;

/**
 * The folders to apply, in order. The sandbox's goes first: its first migration moves the
 * sandbox tables an older database has in "public" into schema "sandbox", before the main
 * folder's migration drops whatever of them is left in "public". Each folder keeps its own
 * record of applied migrations.
 */
export function migrationFolders(sandbox = false): MigrationConfig[] {
  const main = { migrationsFolder: migrationsFolder() };
  if (!sandbox) return [main];
  return [
    { migrationsFolder: sandboxMigrationsFolder(), migrationsTable: SANDBOX_MIGRATIONS },
    main,
  ];
}

/** Where drizzle records the sandbox folder's applied migrations (schema "drizzle"). */
export const SANDBOX_MIGRATIONS = '__drizzle_sandbox_migrations';

/** Several instances may start at once against one PostgreSQL: only one migrates at a time. */
async function migrateUnderLock(pool: pg.Pool, sandbox: boolean | undefined): Promise<void> {
  const connection = await pool.connect();
  try {
    await connection.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    const db = drizzlePostgres({ client: connection, schema });
    for (const folder of migrationFolders(sandbox)) await migratePostgres(db, folder);
  } finally {
    await connection.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    connection.release();
  }
}

/** Raw SQL through either driver; both answer `{ rows }`, which drizzle's shared type hides. */
export async function selectRows<Row>(db: Database, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as { rows: Row[] };
  return result.rows;
}

/**
 * A hot statement built once per database instead of on every call: `build` returns drizzle's
 * `.prepare('name')` of a query with `sql.placeholder`s, and each call runs it with values. On
 * PostgreSQL the name makes node-postgres parse and plan it once per pooled connection.
 */
export function preparedStatement<Prepared>(
  build: (db: Database) => Prepared,
): (db: Database) => Prepared {
  const built = new WeakMap<Database, Prepared>();
  return (db) => {
    let statement = built.get(db);
    if (!statement) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}
