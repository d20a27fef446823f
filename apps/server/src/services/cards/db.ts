import { sql } from 'drizzle-orm';
import type { Database } from '../../db';

export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** A database handle or an open transaction: reads that may run inside either. */
export type CardsDb = Database | Transaction;

/** Advisory-lock namespace of card changes (other namespaces: db/locks.ts LOCK_SPACES 1–4). */
const CARDS_LOCK_SPACE = 41;

/**
 * Serialises the card changes of one client (bind, activate, delete) across instances: "exactly
 * one active card" and "the first card becomes active" then hold under concurrent requests.
 */
export async function lockClientCards(tx: Transaction, clientId: number): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(${CARDS_LOCK_SPACE}::int, hashtext(${String(clientId)}))`,
  );
}
