import type { Client } from '@zaymo/contract';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { clients, type ClientRow } from '../../db/schema';
import { AppError } from '../../errors';
import type { ClientSession } from '../sessions';

type DbContext = Pick<AppContext, 'db'>;

export async function findClientByPhone(ctx: DbContext, phone: string): Promise<ClientRow | null> {
  const [row] = await ctx.db.select().from(clients).where(eq(clients.phone, phone));
  return row ?? null;
}

export async function findClientById(ctx: DbContext, id: number): Promise<ClientRow | null> {
  const [row] = await ctx.db.select().from(clients).where(eq(clients.id, id));
  return row ?? null;
}

/** The signed-in client; 401 if the row is gone (the UI then signs out). */
export async function loadSessionClient(
  ctx: DbContext,
  session: ClientSession,
): Promise<ClientRow> {
  const client = await findClientById(ctx, session.clientId);
  if (!client) throw new AppError('UNAUTHORIZED');
  return client;
}

/** The contract's client, as GET /clients and the sign-in answers show it. */
export function presentClient(
  row: ClientRow,
  session: Pick<ClientSession, 'operatorName'> | null,
): Client {
  return {
    id: row.id,
    phone: row.phone,
    phone_confirmed: row.phoneConfirmed,
    email: row.email,
    email_confirmed: row.email !== null && row.emailConfirmedAt !== null,
    has_password: row.passwordHash !== null,
    surname: row.surname,
    name: row.name,
    patronymic: row.patronymic,
    step: row.step,
    is_operator_session: session?.operatorName != null,
    operator_name: session?.operatorName ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/** Unique violation of clients.phone: the number was registered a moment ago by someone else. */
export function isPhoneTaken(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    const fields = current as Error & { code?: unknown; constraint?: unknown };
    const onPhone =
      fields.constraint === 'clients_phone_unique' ||
      current.message.includes('clients_phone_unique');
    if (fields.code === '23505' && onPhone) return true;
  }
  return false;
}
