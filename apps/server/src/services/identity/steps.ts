import {
  IDENTITY_COMPLETE_STEP,
  IDENTITY_STEPS,
  parseMoney,
  type PassportStep,
  type PersonalStep,
  moscowDate,
} from '@zaymo/contract';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Transaction } from '../../db/locks';
import { clients, type ClientIdentityRow, type ClientRow } from '../../db/schema';
import { AppError, fieldRefusal } from '../../errors';
import { afterStepSaved, assertNotLockedByEsia } from '../esia/link';
import { latestClientFiles } from '../files/files';
import { hasAnyOrder } from './orders-lock';
import {
  assertStepCanBeSaved,
  birthDateProblem,
  missingPhotos,
  passportDatesProblem,
  stepAfterSaving,
  type FieldProblem,
} from './rules';
import { parseStepBody, type StepInput } from './step-body';
import { findIdentity, lockClient, writeIdentity } from './store';

type StepContext = Pick<AppContext, 'db' | 'clock'>;

/**
 * PATCH /clients/update?step=N: validates the body with the step's schema and the rules that
 * need the clock or earlier steps, saves it, and moves the client on. Answers the step the
 * client is on now.
 */
export async function saveIdentityStep(
  ctx: StepContext,
  clientId: number,
  step: number,
  body: unknown,
): Promise<number> {
  const input = parseStepBody(step, body);
  const today = moscowDate(ctx.clock.now());
  return ctx.db.transaction(async (tx) => {
    const client = await lockClient(tx, clientId);
    const passportLocked = step === IDENTITY_STEPS.passport && (await hasAnyOrder(tx, clientId));
    assertStepCanBeSaved(client.step, step, { passportLocked });
    const identity = await findIdentity(tx, clientId);
    await assertNotLockedByEsia(tx, clientId, identity, input);
    await checkStep(tx, input, identity, { clientId, today });
    const next = await writeStep(tx, client, input, ctx.clock.now());
    await afterStepSaved(tx, clientId);
    return next;
  });
}

interface CheckContext {
  clientId: number;
  today: string;
}

async function checkStep(
  tx: Transaction,
  input: StepInput,
  identity: ClientIdentityRow | null,
  { clientId, today }: CheckContext,
): Promise<void> {
  switch (input.step) {
    case IDENTITY_STEPS.personal:
      return checkPersonal(input.data, identity?.passport ?? null, today);
    case IDENTITY_STEPS.passport:
      return checkPassport(input.data, identity?.personal ?? null, today);
    case IDENTITY_STEPS.photos:
      return checkPhotos(tx, clientId);
    // Their schemas say everything there is to check.
    case IDENTITY_STEPS.addresses:
    case IDENTITY_STEPS.work:
      return;
  }
}

function checkPersonal(personal: PersonalStep, passport: PassportStep | null, today: string) {
  throwIfProblem(birthDateProblem(personal.birth_date, today));
  if (!passport) return;
  // A new birth date must still fit the passport saved before.
  const problem = passportDatesProblem({
    birthDate: personal.birth_date,
    issueDate: passport.issue_date,
    today,
  });
  if (problem) throwIfProblem({ field: 'birth_date', message: problem.message });
}

function checkPassport(passport: PassportStep, personal: PersonalStep | null, today: string) {
  if (!personal) throw new AppError('IDENTITY_STEP_SKIPPED');
  throwIfProblem(
    passportDatesProblem({ birthDate: personal.birth_date, issueDate: passport.issue_date, today }),
  );
}

async function checkPhotos(tx: Transaction, clientId: number): Promise<void> {
  const kinds = (await latestClientFiles(tx, clientId)).map((file) => file.kind);
  const missing = missingPhotos(kinds);
  if (missing) throw new AppError('PHOTOS_MISSING', missing);
}

function throwIfProblem(problem: FieldProblem | null): void {
  if (!problem) return;
  throw fieldRefusal({ [problem.field]: problem.message });
}

async function writeStep(
  tx: Transaction,
  client: ClientRow,
  input: StepInput,
  now: Date,
): Promise<number> {
  const step = stepAfterSaving(client.step, input.step);
  const clientChanges = await writeStepData(tx, client, input, now);
  await tx
    .update(clients)
    .set({ ...clientChanges, step })
    .where(eq(clients.id, client.id));
  return step;
}

/** Stores the step's data; answers what changes on the client's own row with it. */
async function writeStepData(
  tx: Transaction,
  client: ClientRow,
  input: StepInput,
  now: Date,
): Promise<Partial<ClientRow>> {
  switch (input.step) {
    case IDENTITY_STEPS.personal: {
      const { surname, name, patronymic } = input.data;
      await writeIdentity(tx, client.id, { personal: input.data }, now);
      return { surname, name, patronymic };
    }
    case IDENTITY_STEPS.passport:
      await writeIdentity(tx, client.id, { passport: input.data }, now);
      return {};
    case IDENTITY_STEPS.addresses:
      await writeIdentity(tx, client.id, { addresses: input.data }, now);
      return {};
    case IDENTITY_STEPS.work: {
      const monthlyIncomeKopecks = parseMoney(input.data.monthly_income);
      await writeIdentity(tx, client.id, { work: input.data, monthlyIncomeKopecks }, now);
      return emailChange(client, input.data.email);
    }
    case IDENTITY_STEPS.photos:
      return {};
  }
}

/** The work e-mail is the client's e-mail; a different one must be confirmed again. */
function emailChange(client: ClientRow, entered: string): Partial<ClientRow> {
  const email = entered.toLowerCase();
  return email === client.email ? {} : { email, emailConfirmedAt: null };
}

/**
 * A bound card completes the last identity step: a client on the card step moves on to
 * IDENTITY_COMPLETE_STEP. Clients elsewhere in the sequence keep their step.
 */
export async function completeCardStep(tx: Transaction, clientId: number): Promise<void> {
  await tx
    .update(clients)
    .set({ step: IDENTITY_COMPLETE_STEP })
    .where(and(eq(clients.id, clientId), eq(clients.step, IDENTITY_STEPS.card)));
}
