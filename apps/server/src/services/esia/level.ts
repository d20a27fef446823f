import type { IdentificationLevel } from '@zaymo/contract';
import { desc, eq } from 'drizzle-orm';
import type { Transaction } from '../../db/locks';
import { biometricChecks, clientEsiaLinks, clients, type ClientEsiaLinkRow } from '../../db/schema';
import { findIdentity, type Db } from '../identity/store';
import { enteredStepsOf, esiaStepsOf, isConfirmed } from './comparison';

/**
 * How a client is identified (41-ФЗ): from a confirmed Госуслуги account when the name, birth
 * date and passport are Госуслуги's; with biometrics when, on top of that, ЕБС matched the client
 * after the account was linked. Anything else is what the client typed.
 */
export async function identificationLevelOf(
  db: Db,
  clientId: number,
): Promise<IdentificationLevel> {
  const link = await findEsiaLink(db, clientId);
  if (!link?.trusted) return 'self_entered';
  const entered = enteredStepsOf(await findIdentity(db, clientId));
  const esia = esiaStepsOf(link.person);
  const identity =
    isConfirmed(entered.personal, esia.personal) && isConfirmed(entered.passport, esia.passport);
  if (!identity) return 'self_entered';
  const [latest] = await db
    .select()
    .from(biometricChecks)
    .where(eq(biometricChecks.clientId, clientId))
    .orderBy(desc(biometricChecks.id))
    .limit(1);
  const matched = latest?.outcome === 'match' && latest.checkedAt >= link.linkedAt;
  return matched ? 'esia_biometric' : 'esia_confirmed';
}

/** Writes the level on the client's record; answers it. */
export async function refreshIdentificationLevel(
  tx: Transaction,
  clientId: number,
): Promise<IdentificationLevel> {
  const level = await identificationLevelOf(tx, clientId);
  await tx.update(clients).set({ identificationLevel: level }).where(eq(clients.id, clientId));
  return level;
}

export async function findEsiaLink(db: Db, clientId: number): Promise<ClientEsiaLinkRow | null> {
  const [row] = await db
    .select()
    .from(clientEsiaLinks)
    .where(eq(clientEsiaLinks.clientId, clientId));
  return row ?? null;
}

export async function findLinkByOid(db: Db, oid: string): Promise<ClientEsiaLinkRow | null> {
  const [row] = await db.select().from(clientEsiaLinks).where(eq(clientEsiaLinks.oid, oid));
  return row ?? null;
}
