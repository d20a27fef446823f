import { IDENTITY_STEPS, moscowDate, type EsiaStep } from '@zaymo/contract';
import { eq } from 'drizzle-orm';
import type { Transaction } from '../../db/locks';
import { clientEsiaLinks, clients, type ClientRow, type EsiaPersonData } from '../../db/schema';
import { AppError } from '../../errors';
import { hasAnyOrder } from '../identity/orders-lock';
import { birthDateProblem, passportDatesProblem, stepAfterSaving } from '../identity/rules';
import { findIdentity, lockClient, writeIdentity } from '../identity/store';
import { enteredStepsOf, esiaStepsOf, stepStatus, type EsiaSteps } from './comparison';
import { refreshIdentificationLevel } from './level';

/*
 * Госуслуги's data into the questionnaire. An empty step is filled (and is then confirmed and
 * locked); a step that already equals them is confirmed; a step typed differently is left as it
 * is and reported as a mismatch. The person's data are kept with the link, so the steps can be
 * compared again and a mismatch resolved by the client later.
 */

const STEP_NUMBERS: Readonly<Record<EsiaStep, number>> = {
  personal: IDENTITY_STEPS.personal,
  passport: IDENTITY_STEPS.passport,
  addresses: IDENTITY_STEPS.addresses,
};

/**
 * Госуслуги's data can identify the client: a confirmed account, a verified Russian passport,
 * and the rules a typed step must pass (age, a valid passport).
 */
export function checkImportable(person: EsiaPersonData, today: string): void {
  if (!person.trusted) throw new AppError('ESIA_UNCONFIRMED_ACCOUNT');
  const esia = esiaStepsOf(person);
  if (!esia.personal || !esia.passport) {
    throw new AppError('ESIA_NO_PASSPORT');
  }
  const problem =
    birthDateProblem(esia.personal.birth_date, today) ??
    passportDatesProblem({
      birthDate: esia.personal.birth_date,
      issueDate: esia.passport.issue_date,
      today,
    });
  if (problem) throw new AppError('ESIA_DATA_INVALID', { problem: problem.message });
}

export interface ImportResult {
  mismatches: EsiaStep[];
}

/**
 * Links the client to this citizen (oid) and imports their data. The caller checked that the oid
 * belongs to no one else; the unique index holds it under a race.
 */
export async function importIntoQuestionnaire(
  tx: Transaction,
  input: { clientId: number; oid: string; person: EsiaPersonData; now: Date },
): Promise<ImportResult> {
  checkImportable(input.person, moscowDate(input.now));
  const esia = esiaStepsOf(input.person);
  const client = await lockClient(tx, input.clientId);
  await saveLink(tx, input);
  const mismatches = await fillSteps(tx, client, esia, input.now);
  await refreshIdentificationLevel(tx, input.clientId);
  return { mismatches };
}

async function saveLink(
  tx: Transaction,
  input: { clientId: number; oid: string; person: EsiaPersonData; now: Date },
): Promise<void> {
  const values = { oid: input.oid, trusted: input.person.trusted, person: input.person };
  await tx
    .insert(clientEsiaLinks)
    .values({ clientId: input.clientId, ...values, linkedAt: input.now, importedAt: input.now })
    .onConflictDoUpdate({
      target: clientEsiaLinks.clientId,
      set: { ...values, importedAt: input.now },
    });
}

async function fillSteps(
  tx: Transaction,
  client: ClientRow,
  esia: EsiaSteps,
  now: Date,
): Promise<EsiaStep[]> {
  const entered = enteredStepsOf(await findIdentity(tx, client.id));
  const passportLocked = await hasAnyOrder(tx, client.id);
  const mismatches: EsiaStep[] = [];
  let step = client.step ?? IDENTITY_STEPS.personal;
  for (const name of ['personal', 'passport', 'addresses'] as const) {
    const theirs = esia[name];
    if (!theirs) continue;
    const status = stepStatus(entered[name], theirs);
    if (status.state === 'mismatch') {
      mismatches.push(name);
      continue;
    }
    const number = STEP_NUMBERS[name];
    const blocked = number > step || (name === 'passport' && passportLocked);
    if (status.state === 'none' && !blocked) {
      await writeIdentity(tx, client.id, { [name]: theirs }, now);
      step = stepAfterSaving(step, number);
    }
  }
  await tx
    .update(clients)
    .set({ step, ...namesOf(esia, entered) })
    .where(eq(clients.id, client.id));
  return mismatches;
}

/** The client's name follows step 1 when Госуслуги filled it. */
function namesOf(esia: EsiaSteps, entered: EsiaSteps): Partial<ClientRow> {
  if (entered.personal || !esia.personal) return {};
  const { surname, name, patronymic } = esia.personal;
  return { surname, name, patronymic };
}

/**
 * POST /esia/resolve: the client takes Госуслуги's data for a step that differed. The
 * passport cannot change once an order exists.
 */
export async function takeEsiaStep(
  tx: Transaction,
  input: { clientId: number; step: EsiaStep; person: EsiaPersonData; now: Date },
): Promise<void> {
  const theirs = esiaStepsOf(input.person)[input.step];
  if (!theirs) throw new AppError('ESIA_STEP_EMPTY');
  await lockClient(tx, input.clientId);
  if (input.step === 'passport' && (await hasAnyOrder(tx, input.clientId))) {
    throw new AppError('PASSPORT_LOCKED');
  }
  await writeIdentity(tx, input.clientId, { [input.step]: theirs }, input.now);
  if (input.step === 'personal' && input.person.personal) {
    const { surname, name, patronymic } = input.person.personal;
    await tx
      .update(clients)
      .set({ surname, name, patronymic })
      .where(eq(clients.id, input.clientId));
  }
  await refreshIdentificationLevel(tx, input.clientId);
}
