import { sql } from 'drizzle-orm';
import { selectRows, type Database } from './index';
import type { Transaction } from './locks';
import { isDatabaseUnavailable, isWriteRefused } from './unavailable';

/*
 * Reads that may lag (docs/decisions.md, «The database on three servers»): the console's client search and audit log, a client's
 * documents and history. With a replica configured (DATABASE_REPLICA_URL) they run there, in one
 * read-only snapshot. Read-your-writes: a caller who wrote lately carries the primary's WAL
 * position just after that write (http/read-after-write.ts); a replica that has not replayed up
 * to it leaves the read to the primary, so nobody misses what they just did. Without a replica,
 * or with none reachable, everything reads the primary.
 */

/** Runs `read`, which only reads, on a replica or on the primary. */
export type ReadRunner = <T>(read: (db: Database) => Promise<T>) => Promise<T>;

/** A WAL position as PostgreSQL writes it (pg_lsn): «16/B374D848». */
export const WAL_POSITION = /^[0-9A-F]{1,8}\/[0-9A-F]{1,8}$/;

export function onPrimary(primary: Database): ReadRunner {
  return (read) => read(primary);
}

/** Where the primary's WAL ends now: every commit acknowledged so far lies before it. */
export async function walPosition(primary: Database): Promise<string> {
  const [row] = await selectRows<{ position: string }>(
    primary,
    sql`select pg_current_wal_lsn()::text as position`,
  );
  if (!row) throw new Error('pg_current_wal_lsn() answered nothing');
  return row.position;
}

const BEHIND = Symbol('replica behind');

/**
 * Reads on the replica when it has replayed `after` (null: the caller wrote nothing lately, any
 * replica will do), else on the primary. A replica that cannot be reached also sends the read to
 * the primary: it only reads, so running it again there is safe.
 */
export function replicaReads(
  primary: Database,
  replica: Database | undefined,
  after: string | null,
): ReadRunner {
  if (!replica) return onPrimary(primary);
  return async <T>(read: (db: Database) => Promise<T>): Promise<T> => {
    try {
      const answer = await replica.transaction(
        async (tx): Promise<{ value: T } | typeof BEHIND> => {
          if (after !== null && !(await hasReplayed(tx, after))) return BEHIND;
          return { value: await read(tx) };
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );
      if (answer !== BEHIND) return answer.value;
    } catch (error) {
      // A write refused in the read-only snapshot is a read that writes: a bug to see, not hide.
      if (!isDatabaseUnavailable(error) || isWriteRefused(error)) throw error;
    }
    return read(primary);
  };
}

/** A primary behind the replica's address (no standby left) has everything: pg_last_… is null. */
async function hasReplayed(tx: Transaction, position: string): Promise<boolean> {
  const [row] = await selectRows<{ replayed: boolean }>(
    tx,
    sql`select coalesce(pg_last_wal_replay_lsn() >= ${position}::pg_lsn, true) as replayed`,
  );
  return row?.replayed === true;
}
