import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db';
import { sandboxB2pOperations, sandboxB2pOrders, sandboxB2pTokens } from '../../db/sandbox-schema';

/** The sandbox gateway's own tables: orders, their operations, the card tokens it issued. */

export type SandboxTx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type SandboxDb = Database | SandboxTx;

export type SandboxOrder = typeof sandboxB2pOrders.$inferSelect;
export type SandboxOperation = typeof sandboxB2pOperations.$inferSelect;
export type SandboxToken = typeof sandboxB2pTokens.$inferSelect;
export type NewSandboxOperation = typeof sandboxB2pOperations.$inferInsert;

export async function insertOrder(
  db: SandboxDb,
  values: typeof sandboxB2pOrders.$inferInsert,
): Promise<SandboxOrder> {
  const [order] = await db.insert(sandboxB2pOrders).values(values).returning();
  if (!order) throw new Error('sandbox order not created');
  return order;
}

/** The sector's order; `forUpdate` inside a transaction to change it. */
export async function findOrder(
  db: SandboxDb,
  sector: string,
  id: number,
  options: { forUpdate?: boolean } = {},
): Promise<SandboxOrder | undefined> {
  const query = db
    .select()
    .from(sandboxB2pOrders)
    .where(and(eq(sandboxB2pOrders.id, id), eq(sandboxB2pOrders.sector, sector)));
  const [order] = await (options.forUpdate ? query.for('update') : query);
  return order;
}

export async function setOrderState(db: SandboxDb, id: number, state: string): Promise<void> {
  await db.update(sandboxB2pOrders).set({ state }).where(eq(sandboxB2pOrders.id, id));
}

export async function insertOperation(
  db: SandboxDb,
  values: NewSandboxOperation,
): Promise<SandboxOperation> {
  const [operation] = await db.insert(sandboxB2pOperations).values(values).returning();
  if (!operation) throw new Error('sandbox operation not created');
  return operation;
}

export async function updateOperation(
  db: SandboxDb,
  id: number,
  change: Partial<NewSandboxOperation>,
): Promise<SandboxOperation> {
  const [operation] = await db
    .update(sandboxB2pOperations)
    .set(change)
    .where(eq(sandboxB2pOperations.id, id))
    .returning();
  if (!operation) throw new Error(`sandbox operation ${id} is missing`);
  return operation;
}

export function operationsOf(db: SandboxDb, orderId: number): Promise<SandboxOperation[]> {
  return db
    .select()
    .from(sandboxB2pOperations)
    .where(eq(sandboxB2pOperations.orderId, orderId))
    .orderBy(asc(sandboxB2pOperations.id));
}

export async function findOperation(
  db: SandboxDb,
  id: number,
  options: { forUpdate?: boolean } = {},
): Promise<SandboxOperation | undefined> {
  const query = db.select().from(sandboxB2pOperations).where(eq(sandboxB2pOperations.id, id));
  const [operation] = await (options.forUpdate ? query.for('update') : query);
  return operation;
}

export async function insertToken(
  db: SandboxDb,
  values: typeof sandboxB2pTokens.$inferInsert,
): Promise<SandboxToken> {
  const [token] = await db.insert(sandboxB2pTokens).values(values).returning();
  if (!token) throw new Error('sandbox token not created');
  return token;
}

export async function findToken(
  db: SandboxDb,
  sector: string,
  token: string,
): Promise<SandboxToken | undefined> {
  const [row] = await db
    .select()
    .from(sandboxB2pTokens)
    .where(and(eq(sandboxB2pTokens.token, token), eq(sandboxB2pTokens.sector, sector)));
  return row;
}

export async function markNotified(db: SandboxDb, id: number, at: Date): Promise<void> {
  await db
    .update(sandboxB2pOperations)
    .set({ notifiedAt: at })
    .where(eq(sandboxB2pOperations.id, id));
}
