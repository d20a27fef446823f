import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Transaction } from '../../db/locks';
import { esiaLogins, type EsiaPersonData } from '../../db/schema';
import { AppError } from '../../errors';
import { openText, sealText, type SealPurpose } from '../payments/token-vault';

/*
 * A sign-up with Госуслуги waits for the phone: the imported person is kept sealed (AES-GCM
 * under APP_SECRET) on the login's row, behind a one-time ticket the browser holds, for at most
 * TICKET_MINUTES; POST /clients/create with the ticket takes it once.
 */

const TICKET_MINUTES = 30;
const PURPOSE: SealPurpose = { salt: 'zaymo-esia', info: 'zaymo esia sign-up v1' };

export interface PendingSignup {
  oid: string;
  person: EsiaPersonData;
}

function hashTicket(ticket: string): string {
  return createHash('sha256').update(ticket).digest('hex');
}

export async function issueSignupTicket(
  ctx: Pick<AppContext, 'db' | 'config' | 'clock'>,
  loginId: number,
  pending: PendingSignup,
): Promise<string> {
  const ticket = randomBytes(32).toString('base64url');
  await ctx.db
    .update(esiaLogins)
    .set({
      ticketHash: hashTicket(ticket),
      sealedImport: sealText(JSON.stringify(pending), ctx.config.appSecret, PURPOSE),
      ticketExpiresAt: new Date(ctx.clock.now().getTime() + TICKET_MINUTES * 60_000),
    })
    .where(eq(esiaLogins.id, loginId));
  return ticket;
}

function liveTicket(ticket: string, now: Date) {
  return and(eq(esiaLogins.ticketHash, hashTicket(ticket)), gt(esiaLogins.ticketExpiresAt, now));
}

function opened(sealed: string | null, secret: string): PendingSignup {
  if (!sealed) throw new AppError('ESIA_TICKET_EXPIRED');
  return JSON.parse(openText(sealed, secret, PURPOSE)) as PendingSignup;
}

/** The pending sign-up, still there for the taking (checked before the SMS code is used up). */
export async function peekSignupTicket(
  ctx: Pick<AppContext, 'db' | 'config' | 'clock'>,
  ticket: string,
): Promise<PendingSignup> {
  const [row] = await ctx.db
    .select({ sealed: esiaLogins.sealedImport })
    .from(esiaLogins)
    .where(liveTicket(ticket, ctx.clock.now()));
  return opened(row?.sealed ?? null, ctx.config.appSecret);
}

/** Takes the pending sign-up once: the ticket and the sealed data are gone after this. */
export async function claimSignupTicket(
  tx: Transaction,
  ctx: Pick<AppContext, 'config' | 'clock'>,
  ticket: string,
): Promise<PendingSignup> {
  const [before] = await tx
    .select({ id: esiaLogins.id, sealed: esiaLogins.sealedImport })
    .from(esiaLogins)
    .where(liveTicket(ticket, ctx.clock.now()))
    .for('update');
  if (!before) throw new AppError('ESIA_TICKET_EXPIRED');
  await tx
    .update(esiaLogins)
    .set({ ticketHash: null, sealedImport: null, ticketExpiresAt: null })
    .where(eq(esiaLogins.id, before.id));
  return opened(before.sealed, ctx.config.appSecret);
}
