import { sql } from 'drizzle-orm';
import { arrayOf } from './arrays';
import type { Database } from './index';

export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Namespaces of transaction-scoped advisory locks, so equal keys of two kinds never collide. */
export const LOCK_SPACES = {
  smsPhone: 1,
  smsIp: 2,
  login: 3,
  emailLink: 4,
  loanpayIp: 5,
  guestPhone: 6,
  guestIp: 7,
  loanpayContract: 8,
  staffSignInIp: 9,
  staffSignInLogin: 10,
  debtorContact: 11,
  monthPartitions: 12,
} as const;
export type LockSpace = keyof typeof LOCK_SPACES;

/**
 * Runs `work` in a transaction that first takes advisory locks on the given keys, in the order
 * given: every instance counting the same phone's codes or attempts waits for the others, so the
 * limits hold under concurrency on PostgreSQL and on PGlite alike. Inside, use only `tx`: on
 * PGlite a query on the outer handle waits for this transaction to end.
 */
export async function withAdvisoryLocks<T>(
  db: Database,
  locks: readonly { space: LockSpace; key: string }[],
  work: (tx: Transaction) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    for (const { space, key } of locks) await takeAdvisoryLock(tx, space, key);
    return work(tx);
  });
}

/** Takes one advisory lock until the end of the transaction `tx`. */
export async function takeAdvisoryLock(tx: Transaction, space: LockSpace, key: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_SPACES[space]}::int, hashtext(${key}))`);
}

/**
 * Takes the locks of many keys of one space in one statement, in the order of the locks' own
 * numbers: two transactions taking overlapping sets this way never wait for each other in a
 * circle (the order of the keys themselves would not do: two keys may share a hash).
 */
export async function takeAdvisoryLocks(
  tx: Transaction,
  space: LockSpace,
  keys: readonly string[],
): Promise<void> {
  if (keys.length === 0) return;
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_SPACES[space]}::int, hash)
    from (select distinct hashtext(key) as hash from unnest(${arrayOf(keys, 'text')}) key
          order by hash) locks`);
}
