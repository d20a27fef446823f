import { eq } from 'drizzle-orm';
import { clients, type ClientRow } from '../../db/schema';
import type { AppContext, RequestMeta } from '../../context';
import type { Transaction } from '../../db/locks';
import { importIntoQuestionnaire } from '../esia/import';
import { findLinkByOid } from '../esia/level';
import { claimSignupTicket, peekSignupTicket } from '../esia/tickets';
import { AppError } from '../../errors';
import { securityEvent } from '../../logging';
import { issueSession, type IssuedSession } from '../sessions';
import { consumeSmsCode } from '../sms-codes';
import { findClientByPhone, isPhoneTaken } from './clients';
import { acceptedConsents, recordConsents, type RegistrationConsent } from './consents';
import { assertAcceptablePassword, hashPassword } from './passwords';
import { sanitizeReferer } from './referer';

export interface SignUpInput {
  phone: string;
  code: string;
  consents: readonly string[];
  password?: string | undefined;
  referer?: Record<string, string> | undefined;
  /** A sign-up with Госуслуги: their data fill the questionnaire (esia/tickets.ts). */
  esia_ticket?: string | undefined;
}

/** A new client starts the identity steps at step 1. */
export const FIRST_IDENTITY_STEP = 1;

export async function assertPhoneNotRegistered(
  ctx: Pick<AppContext, 'db'>,
  phone: string,
): Promise<void> {
  if (await findClientByPhone(ctx, phone)) throw new AppError('PHONE_REGISTERED');
}

/**
 * Sign-up: what the client can fix is checked before the code is used up (consents, password),
 * then the code, then the client, their consents and a session. Whether the phone is registered
 * is asked only after the code proves it (a registered number never got a code, so a
 * stranger sees the same «code does not fit» for every number).
 */
export async function signUp(
  ctx: AppContext,
  input: SignUpInput,
  meta: RequestMeta,
): Promise<{ client: ClientRow; session: IssuedSession }> {
  const consents = acceptedConsents(input.consents);
  if (input.password) {
    await assertAcceptablePassword(input.password, {
      phone: input.phone,
      brand: ctx.config.company.brand,
    });
  }
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  // An expired ticket is said before the code is used up: the client signs in at Госуслуги again.
  if (input.esia_ticket) await peekSignupTicket(ctx, input.esia_ticket);
  await consumeSmsCode(ctx, { phone: input.phone, purpose: 'signup' }, input.code, meta);
  await assertPhoneNotRegistered(ctx, input.phone);
  const client = await insertClient(ctx, input, passwordHash, consents, meta);
  const session = await issueSession(ctx, client.id);
  securityEvent(meta.log, 'signup_succeeded', {
    clientId: client.id,
    consents: consents.map((consent) => `${consent.code}@${consent.version}`),
  });
  securityEvent(meta.log, 'login_succeeded', { clientId: client.id, method: 'signup' });
  return { client, session };
}

async function insertClient(
  ctx: AppContext,
  input: SignUpInput,
  passwordHash: string | null,
  consents: readonly RegistrationConsent[],
  meta: RequestMeta,
): Promise<ClientRow> {
  const now = ctx.clock.now();
  try {
    return await ctx.db.transaction(async (tx) => {
      const [client] = await tx
        .insert(clients)
        .values({
          phone: input.phone,
          phoneConfirmed: true,
          passwordHash,
          step: FIRST_IDENTITY_STEP,
          referer: sanitizeReferer(input.referer),
          createdAt: now,
        })
        .returning();
      if (!client) throw new Error('Клиент не создан');
      await recordConsents(tx, client.id, consents, now, meta);
      if (input.esia_ticket) return importSignupData(tx, ctx, client, input.esia_ticket, now);
      return client;
    });
  } catch (error) {
    if (isPhoneTaken(error)) throw new AppError('PHONE_REGISTERED');
    throw error;
  }
}

/** The new client's questionnaire from Госуслуги; answers the client's row as it now is. */
async function importSignupData(
  tx: Transaction,
  ctx: AppContext,
  client: ClientRow,
  ticket: string,
  now: Date,
): Promise<ClientRow> {
  const pending = await claimSignupTicket(tx, ctx, ticket);
  if (await findLinkByOid(tx, pending.oid)) throw new AppError('ESIA_LINKED_ELSEWHERE');
  await importIntoQuestionnaire(tx, { clientId: client.id, ...pending, now });
  const [updated] = await tx.select().from(clients).where(eq(clients.id, client.id));
  return updated ?? client;
}
