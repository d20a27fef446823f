import type { EsiaStep } from '@zaymo/contract';
import { eq } from 'drizzle-orm';
import type { AppContext, RequestMeta } from '../../context';
import type { Transaction } from '../../db/locks';
import { clientEsiaLinks, type ClientIdentityRow } from '../../db/schema';
import { AppError } from '../../errors';
import { securityEvent } from '../../logging';
import type { StepInput } from '../identity/step-body';
import { lockClient } from '../identity/store';
import { differingFields, enteredStepsOf, esiaStepsOf, isConfirmed } from './comparison';
import { takeEsiaStep } from './import';
import { findEsiaLink, refreshIdentificationLevel } from './level';

const STEP_NAMES: Readonly<Record<number, EsiaStep>> = {
  1: 'personal',
  2: 'passport',
  3: 'addresses',
};

/**
 * A step Госуслуги confirmed is locked while the link lasts: saving it with other data is
 * refused (saving the same data again is harmless).
 */
export async function assertNotLockedByEsia(
  tx: Transaction,
  clientId: number,
  identity: ClientIdentityRow | null,
  input: StepInput,
): Promise<void> {
  const name = STEP_NAMES[input.step];
  if (!name || !('data' in input)) return;
  const link = await findEsiaLink(tx, clientId);
  if (!link) return;
  const theirs = esiaStepsOf(link.person)[name];
  if (!theirs || !isConfirmed(enteredStepsOf(identity)[name], theirs)) return;
  if (differingFields(input.data, theirs).length > 0) throw new AppError('ESIA_STEP_LOCKED');
}

/** After a step is saved: typing Госуслуги's own data confirms the step too. */
export async function afterStepSaved(tx: Transaction, clientId: number): Promise<void> {
  if (await findEsiaLink(tx, clientId)) await refreshIdentificationLevel(tx, clientId);
}

/** POST /esia/resolve: take Госуслуги's data for a step that differed. */
export async function resolveMismatch(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  clientId: number,
  step: EsiaStep,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const link = await findEsiaLink(tx, clientId);
    if (!link) throw new AppError('ESIA_NOT_LINKED');
    await takeEsiaStep(tx, { clientId, step, person: link.person, now: ctx.clock.now() });
  });
}

/**
 * DELETE /esia/link: the client unlinks Госуслуги; the data stay as they are, unlocked, and the
 * client is identified by what they entered again.
 */
export async function unlinkEsia(
  ctx: Pick<AppContext, 'db'>,
  clientId: number,
  meta: RequestMeta,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await lockClient(tx, clientId);
    const [removed] = await tx
      .delete(clientEsiaLinks)
      .where(eq(clientEsiaLinks.clientId, clientId))
      .returning({ clientId: clientEsiaLinks.clientId });
    if (!removed) throw new AppError('ESIA_NOT_LINKED');
    await refreshIdentificationLevel(tx, clientId);
  });
  securityEvent(meta.log, 'esia_unlinked', { clientId });
}
