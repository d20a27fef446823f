import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  identificationAtLeast,
  moscowDate,
  type EsiaPurpose,
  type EsiaReturnRequest,
  type EsiaReturnResponse,
} from '@zaymo/contract';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { AppContext, RequestMeta } from '../../context';
import { biometricChecks, esiaLogins, type EsiaLoginRow } from '../../db/schema';
import { AppError } from '../../errors';
import { BiometricError } from '../../integrations/ebs/biometrics';
import { EsiaError, type EsiaImport } from '../../integrations/esia/client';
import { ESIA_ERRORS } from '../../integrations/esia/protocol';
import { SignerError } from '../../integrations/esia/signer';
import { securityEvent } from '../../logging';
import { presentSignedIn, startSession } from '../accounts/signin';
import { loadClient } from '../identity/store';
import type { ClientSession } from '../sessions';
import type { Gosuslugi } from './gosuslugi';
import { importIntoQuestionnaire, checkImportable } from './import';
import { findEsiaLink, findLinkByOid, refreshIdentificationLevel } from './level';
import { issueSignupTicket } from './tickets';

/*
 * A trip to Госуслуги: POST /esia/start records the state, nonce and PKCE verifier and answers
 * where the browser goes; ЕСИА sends the browser back to /social/callback, whose screen posts
 * the answer to POST /esia/return. The state is used once, only from the browser that started
 * (a cookie) and, for a signed-in client's trip, only by that client.
 */

type FlowContext = AppContext;

const LOGIN_MINUTES = 10;
export const CALLBACK_PATH = '/social/callback';

export interface StartedTrip {
  url: string;
  /** Goes to the browser as an HttpOnly cookie; only its hash is stored. */
  browserToken: string;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

/** POST /esia/start. `baseUrl`: the cabinet's address as this browser reaches it. */
export async function startEsiaTrip(
  ctx: FlowContext,
  gosuslugi: Gosuslugi,
  input: { purpose: EsiaPurpose; clientId: number | null; baseUrl: string },
): Promise<StartedTrip> {
  const esia = gosuslugi.esia;
  const settings = ctx.config.esia;
  if (!esia || !settings) throw new AppError('ESIA_NOT_CONNECTED');
  const oid = input.purpose === 'biometrics' ? await biometricSubject(ctx, gosuslugi, input) : null;
  const trip = {
    state: randomUUID(),
    nonce: randomBytes(16).toString('base64url'),
    codeVerifier: randomBytes(32).toString('base64url'),
    browserToken: randomBytes(32).toString('base64url'),
    redirectUri: `${input.baseUrl}${CALLBACK_PATH}`,
  };
  const now = ctx.clock.now();
  await ctx.db.insert(esiaLogins).values({
    state: trip.state,
    purpose: input.purpose,
    clientId: input.clientId,
    browserHash: sha256(trip.browserToken),
    codeVerifier: trip.codeVerifier,
    nonce: trip.nonce,
    redirectUri: trip.redirectUri,
    createdAt: now,
    expiresAt: new Date(now.getTime() + LOGIN_MINUTES * 60_000),
  });
  // The sandbox is reached by the browser at the cabinet's own address.
  const browserBase = settings.inProcess ? `${input.baseUrl}/sandbox/esia` : settings.url;
  const url =
    oid !== null && gosuslugi.biometrics
      ? gosuslugi.biometrics.startUrl(
          { oid, state: trip.state, redirectUri: trip.redirectUri },
          browserBase,
        )
      : await esia.authorizationUrl(
          {
            state: trip.state,
            nonce: trip.nonce,
            codeChallenge: sha256(trip.codeVerifier),
            redirectUri: trip.redirectUri,
          },
          browserBase,
        );
  return { url, browserToken: trip.browserToken };
}

/** «Prove it's you» needs a provider and an identity from Госуслуги to prove. */
async function biometricSubject(
  ctx: FlowContext,
  gosuslugi: Gosuslugi,
  input: { clientId: number | null },
): Promise<string> {
  if (!gosuslugi.biometrics) throw new AppError('BIOMETRICS_UNAVAILABLE');
  const client = input.clientId === null ? null : await loadClient(ctx.db, input.clientId);
  const link = client ? await findEsiaLink(ctx.db, client.id) : null;
  if (!client || !link || !identificationAtLeast(client.identificationLevel, 'esia_confirmed')) {
    throw new AppError('BIOMETRICS_NEEDS_ESIA');
  }
  return link.oid;
}

export interface ReturnContext {
  browserToken: string | null;
  session: ClientSession | null;
  meta: RequestMeta;
}

/** POST /esia/return: what ЕСИА (or ЕБС) sent back, finished by the trip's purpose. */
export async function finishEsiaTrip(
  ctx: FlowContext,
  gosuslugi: Gosuslugi,
  answer: EsiaReturnRequest,
  caller: ReturnContext,
): Promise<EsiaReturnResponse['data']> {
  const trip = await claimTrip(ctx, answer.state, caller);
  if (answer.error) throw refusalOf(answer, caller.meta);
  if (!answer.code) throw new AppError('ESIA_CODE_REFUSED');
  if (trip.purpose === 'biometrics')
    return biometricVerdict(ctx, gosuslugi, trip, answer.code, caller.meta);
  const imported = await importFromEsia(gosuslugi, trip, answer.code, caller.meta);
  if (trip.purpose === 'link') return linkClient(ctx, trip, imported, caller.meta);
  return signInOrUp(ctx, trip, imported, caller.meta);
}

/** The trip of this state, used up now: unexpired, from the same browser, of the same client. */
async function claimTrip(
  ctx: FlowContext,
  state: string,
  caller: ReturnContext,
): Promise<EsiaLoginRow> {
  const refuse = (reason: string): never => {
    securityEvent(caller.meta.log, 'esia_refused', { reason, ip: caller.meta.ip });
    throw new AppError('ESIA_STATE_REFUSED');
  };
  if (!caller.browserToken) return refuse('no_browser_cookie');
  const now = ctx.clock.now();
  const [trip] = await ctx.db
    .update(esiaLogins)
    .set({ usedAt: now })
    .where(
      and(
        eq(esiaLogins.state, state),
        eq(esiaLogins.browserHash, sha256(caller.browserToken)),
        isNull(esiaLogins.usedAt),
        gt(esiaLogins.expiresAt, now),
      ),
    )
    .returning();
  if (!trip) return refuse('state');
  if (trip.clientId !== null && caller.session?.clientId !== trip.clientId) return refuse('client');
  return trip;
}

function refusalOf(answer: EsiaReturnRequest, meta: RequestMeta): AppError {
  const denied = answer.error === 'access_denied';
  securityEvent(meta.log, 'esia_refused', {
    reason: denied ? 'consent_refused' : 'esia_error',
    esiaError: answer.error,
    ip: meta.ip,
  });
  return denied ? new AppError('ESIA_CONSENT_REFUSED') : new AppError('ESIA_UNAVAILABLE');
}

async function importFromEsia(
  gosuslugi: Gosuslugi,
  trip: EsiaLoginRow,
  code: string,
  meta: RequestMeta,
): Promise<EsiaImport> {
  if (!gosuslugi.esia) throw new AppError('ESIA_NOT_CONNECTED');
  try {
    return await gosuslugi.esia.importPerson({
      code,
      codeVerifier: trip.codeVerifier,
      redirectUri: trip.redirectUri,
      nonce: trip.nonce,
      state: randomUUID(),
    });
  } catch (error) {
    throw adapterFailure(error, meta);
  }
}

/** What the adapter's failure means to the client; the line logged names no person or token. */
function adapterFailure(error: unknown, meta: RequestMeta): unknown {
  if (error instanceof EsiaError) {
    securityEvent(meta.log, 'esia_refused', {
      reason: 'esia_answer',
      esiaError: error.code,
      detail: error.message,
    });
    if (error.code === 'SCOPES') return new AppError('ESIA_SCOPES_REFUSED');
    if (error.code === ESIA_ERRORS.UNCONFIRMED_ACCOUNT)
      return new AppError('ESIA_UNCONFIRMED_ACCOUNT');
    if (error.code === ESIA_ERRORS.CODE_INVALID) return new AppError('ESIA_CODE_REFUSED');
    return new AppError('ESIA_UNAVAILABLE');
  }
  if (error instanceof SignerError || error instanceof BiometricError || isNetworkError(error)) {
    meta.log.warn(
      { errorType: (error as Error).name, detail: (error as Error).message },
      'esia: call failed',
    );
    return new AppError('ESIA_UNAVAILABLE');
  }
  return error;
}

function isNetworkError(error: unknown): boolean {
  return (
    error instanceof TypeError || (error instanceof DOMException && error.name === 'TimeoutError')
  );
}

async function signInOrUp(
  ctx: FlowContext,
  trip: EsiaLoginRow,
  imported: EsiaImport,
  meta: RequestMeta,
): Promise<EsiaReturnResponse['data']> {
  const link = await findLinkByOid(ctx.db, imported.oid);
  if (link) {
    const client = await loadClient(ctx.db, link.clientId);
    const { data } = presentSignedIn(await startSession(ctx, client, 'esia', meta));
    return { outcome: 'signed_in', ...data };
  }
  checkImportable(imported.person, moscowDate(ctx.clock.now()));
  const ticket = await issueSignupTicket(ctx, trip.id, {
    oid: imported.oid,
    person: imported.person,
  });
  const personal = imported.person.personal;
  const fullName = personal
    ? [personal.surname, personal.name, personal.patronymic].filter(Boolean).join(' ')
    : '';
  return {
    outcome: 'signup',
    esia_ticket: ticket,
    phone: imported.person.mobile,
    full_name: fullName,
  };
}

async function linkClient(
  ctx: FlowContext,
  trip: EsiaLoginRow,
  imported: EsiaImport,
  meta: RequestMeta,
): Promise<EsiaReturnResponse['data']> {
  const clientId = trip.clientId ?? 0;
  const owner = await findLinkByOid(ctx.db, imported.oid);
  if (owner && owner.clientId !== clientId) throw new AppError('ESIA_LINKED_ELSEWHERE');
  const own = await findEsiaLink(ctx.db, clientId);
  if (own && own.oid !== imported.oid) throw new AppError('ESIA_OTHER_ACCOUNT');
  const now = ctx.clock.now();
  const { mismatches } = await ctx.db.transaction((tx) =>
    importIntoQuestionnaire(tx, { clientId, oid: imported.oid, person: imported.person, now }),
  );
  securityEvent(meta.log, 'esia_linked', { clientId, mismatches });
  return { outcome: 'linked', mismatches };
}

const BIOMETRIC_MESSAGES = {
  match: 'Личность подтверждена по биометрии. Можно оформить заём онлайн',
  not_enrolled:
    'Ваша биометрия не найдена в Единой биометрической системе. Сдайте её в банке или в ' +
    'приложении «Госуслуги Биометрия» и попробуйте снова — или получите заём в офисе',
  no_match:
    'Биометрия не совпала с образцом. Попробуйте ещё раз при хорошем освещении — или получите ' +
    'заём в офисе',
} as const;

async function biometricVerdict(
  ctx: FlowContext,
  gosuslugi: Gosuslugi,
  trip: EsiaLoginRow,
  code: string,
  meta: RequestMeta,
): Promise<EsiaReturnResponse['data']> {
  const clientId = trip.clientId ?? 0;
  const link = await findEsiaLink(ctx.db, clientId);
  if (!gosuslugi.biometrics || !link) throw new AppError('BIOMETRICS_NEEDS_ESIA');
  const verifier = gosuslugi.biometrics;
  const outcome = await verifier.verdict({ code, oid: link.oid }).catch((error: unknown) => {
    throw adapterFailure(error, meta);
  });
  await ctx.db.transaction(async (tx) => {
    await tx.insert(biometricChecks).values({
      clientId,
      provider: verifier.provider,
      outcome,
      checkedAt: ctx.clock.now(),
    });
    await refreshIdentificationLevel(tx, clientId);
  });
  securityEvent(meta.log, 'biometric_checked', { clientId, outcome });
  return {
    outcome: 'biometrics',
    passed: outcome === 'match',
    message: BIOMETRIC_MESSAGES[outcome],
  };
}
