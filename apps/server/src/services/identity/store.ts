import { eq } from 'drizzle-orm';
import type { Database } from '../../db';
import type { Transaction } from '../../db/locks';
import { clientIdentities, clients, type ClientIdentityRow, type ClientRow } from '../../db/schema';
import { AppError } from '../../errors';

export type Db = Database | Transaction;

/** The signed-in client's row; 401 when it is gone (the web app then signs out). */
export async function loadClient(db: Db, clientId: number): Promise<ClientRow> {
  const [row] = await db.select().from(clients).where(eq(clients.id, clientId));
  if (!row) throw new AppError('UNAUTHORIZED');
  return row;
}

/** The same, locked until the transaction ends: two devices saving at once take turns. */
export async function lockClient(tx: Transaction, clientId: number): Promise<ClientRow> {
  const [row] = await tx.select().from(clients).where(eq(clients.id, clientId)).for('update');
  if (!row) throw new AppError('UNAUTHORIZED');
  return row;
}

export async function findIdentity(db: Db, clientId: number): Promise<ClientIdentityRow | null> {
  const [row] = await db
    .select()
    .from(clientIdentities)
    .where(eq(clientIdentities.clientId, clientId));
  return row ?? null;
}

type IdentityColumns = Partial<
  Pick<ClientIdentityRow, 'personal' | 'passport' | 'addresses' | 'work' | 'monthlyIncomeKopecks'>
>;

export async function writeIdentity(
  tx: Transaction,
  clientId: number,
  columns: IdentityColumns,
  now: Date,
): Promise<void> {
  const values = { ...columns, updatedAt: now };
  await tx
    .insert(clientIdentities)
    .values({ clientId, ...values })
    .onConflictDoUpdate({ target: clientIdentities.clientId, set: values });
}
