import type { ClientConsent } from '@zaymo/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { AppContext, RequestMeta } from '../../context';
import type { Database } from '../../db';
import type { Transaction } from '../../db/locks';
import { clientConsents, type ClientConsentRow } from '../../db/schema';
import { AppError } from '../../errors';
import { lockClient } from '../identity/store';
import { publicDocumentLink, REGISTRATION_CONSENTS, type RegistrationConsent } from './consents';

type Db = Database | Transaction;
type ConsentsContext = Pick<AppContext, 'db' | 'clock'>;

/**
 * The «Согласия» page: each consent's latest act decides its state. A withdrawal, like a consent,
 * is a new row; no row is ever changed, so the history of every consent stays as it was given.
 */

const LISTED = REGISTRATION_CONSENTS.filter((consent) => consent.listed);

function consentByCode(code: string): RegistrationConsent {
  const consent = LISTED.find((entry) => entry.code === code);
  if (!consent) throw new AppError('CONSENT_UNKNOWN');
  return consent;
}

async function consentRows(db: Db, clientId: number): Promise<ClientConsentRow[]> {
  return db
    .select()
    .from(clientConsents)
    .where(eq(clientConsents.clientId, clientId))
    .orderBy(asc(clientConsents.id));
}

/** The latest act of one consent, or null if the client never gave it. */
async function latestAct(db: Db, clientId: number, code: string) {
  const rows = await db
    .select()
    .from(clientConsents)
    .where(and(eq(clientConsents.clientId, clientId), eq(clientConsents.code, code)))
    .orderBy(asc(clientConsents.id));
  return rows.at(-1) ?? null;
}

function present(consent: RegistrationConsent, rows: readonly ClientConsentRow[]): ClientConsent {
  const own = rows.filter((row) => row.code === consent.code);
  const latest = own.at(-1);
  const given = own.findLast((row) => row.action === 'given');
  return {
    code: consent.code,
    title: consent.title,
    document_link: publicDocumentLink(consent.document),
    current_version: consent.version,
    given_version: given?.version ?? null,
    state: latest ? (latest.action === 'given' ? 'given' : 'withdrawn') : 'not_given',
    given_at: given?.acceptedAt.toISOString() ?? null,
    withdrawn_at: latest?.action === 'withdrawn' ? latest.acceptedAt.toISOString() : null,
    withdrawable: !consent.required,
    effect: consent.effect,
  };
}

export async function listClientConsents(db: Db, clientId: number): Promise<ClientConsent[]> {
  const rows = await consentRows(db, clientId);
  return LISTED.map((consent) => present(consent, rows));
}

type ActMeta = Pick<RequestMeta, 'ip' | 'userAgent'>;

async function appendAct(
  tx: Transaction,
  clientId: number,
  consent: RegistrationConsent,
  act: { action: 'given' | 'withdrawn'; version: string; at: Date },
  meta: ActMeta,
): Promise<void> {
  await tx.insert(clientConsents).values({
    clientId,
    code: consent.code,
    action: act.action,
    document: consent.document,
    version: act.version,
    acceptedAt: act.at,
    ip: meta.ip,
    userAgent: meta.userAgent,
  });
}

/**
 * POST /clients/consents/:consent/withdraw: an optional consent stands → a withdrawal row of the
 * edition withdrawn. The personal-data consent is withdrawn by a written notice (152-FZ art. 9
 * part 2 lets processing continue on the law's other grounds, which a person must weigh).
 */
export async function withdrawConsent(
  ctx: ConsentsContext,
  clientId: number,
  code: string,
  meta: ActMeta,
): Promise<ClientConsent[]> {
  const consent = consentByCode(code);
  if (consent.required) throw new AppError('CONSENT_NOT_WITHDRAWABLE');
  return ctx.db.transaction(async (tx) => {
    await lockClient(tx, clientId);
    const latest = await latestAct(tx, clientId, code);
    if (latest?.action !== 'given') throw new AppError('CONSENT_NOT_GIVEN');
    const act = { action: 'withdrawn' as const, version: latest.version, at: ctx.clock.now() };
    await appendAct(tx, clientId, consent, act, meta);
    return listClientConsents(tx, clientId);
  });
}

/** POST /clients/consents/:consent/give: a consent to the edition in force, unless it stands already. */
export async function giveConsent(
  ctx: ConsentsContext,
  clientId: number,
  code: string,
  meta: ActMeta,
): Promise<ClientConsent[]> {
  const consent = consentByCode(code);
  return ctx.db.transaction(async (tx) => {
    await lockClient(tx, clientId);
    const latest = await latestAct(tx, clientId, code);
    const standsInForce = latest?.action === 'given' && latest.version === consent.version;
    if (!standsInForce) {
      const act = { action: 'given' as const, version: consent.version, at: ctx.clock.now() };
      await appendAct(tx, clientId, consent, act, meta);
    }
    return listClientConsents(tx, clientId);
  });
}

/** Whether the client's consent stands now: its latest act is a consent given. */
export async function consentStands(db: Db, clientId: number, code: string): Promise<boolean> {
  return (await latestAct(db, clientId, code))?.action === 'given';
}

/** The bureau consent given with an order also stands on the «Согласия» page. */
export async function recordBureauConsent(
  tx: Transaction,
  clientId: number,
  version: string,
  at: Date,
  meta: ActMeta,
): Promise<void> {
  await appendAct(tx, clientId, consentByCode('bki'), { action: 'given', version, at }, meta);
}

/** A withdrawal of the bureau consent made after `since` (an order's acceptance), if any. */
export async function bureauConsentWithdrawnSince(
  db: Db,
  clientId: number,
  since: Date,
): Promise<boolean> {
  const latest = await latestAct(db, clientId, 'bki');
  return latest?.action === 'withdrawn' && latest.acceptedAt >= since;
}
