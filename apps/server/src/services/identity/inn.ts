import type { ClientInn } from '@zaymo/contract';
import { eq } from 'drizzle-orm';
import type { AppContext, RequestMeta } from '../../context';
import { clientIdentities, type ClientIdentityRow } from '../../db/schema';
import { AppError } from '../../errors';
import {
  FnsUnavailableError,
  type InnLookup,
  type InnLookupPerson,
} from '../../integrations/fns/inn-lookup';
import { findIdentity, type Db } from './store';

type InnContext = Pick<AppContext, 'db' | 'clock'>;

/*
 * The borrower's ИНН: the lender gets it before a consumer loan (353-FZ art. 7 as amended by
 * 9-FZ of 13.02.2025, in force 01.09.2025). Its check digits are the contract's schema's; here
 * the ФНС is asked whether it is the number of the person in the saved passport, and only a
 * number the ФНС confirmed is kept.
 */

export function presentInn(identity: ClientIdentityRow | null): ClientInn {
  return {
    inn: identity?.inn ?? null,
    checked_at: identity?.innCheckedAt?.toISOString() ?? null,
  };
}

export async function clientInn(db: Db, clientId: number): Promise<ClientInn> {
  return presentInn(await findIdentity(db, clientId));
}

function personOf(identity: ClientIdentityRow | null): InnLookupPerson {
  const personal = identity?.personal;
  const passport = identity?.passport;
  if (!personal || !passport) throw new AppError('INN_NEEDS_PASSPORT');
  return {
    surname: personal.surname,
    name: personal.name,
    patronymic: personal.patronymic,
    birthDate: personal.birth_date,
    passportSeriesNumber: passport.series_number,
    passportIssueDate: passport.issue_date,
  };
}

async function askFns(lookup: InnLookup, person: InnLookupPerson, meta: Pick<RequestMeta, 'log'>) {
  try {
    return await lookup.lookUp(person);
  } catch (error) {
    if (!(error instanceof FnsUnavailableError)) throw error;
    meta.log.warn({ err: error }, 'fns_inn_unavailable');
    throw new AppError('FNS_UNAVAILABLE');
  }
}

/** PUT /clients/inn: the ФНС names this very ИНН for the passport → saved with the time. */
export async function saveInn(
  ctx: InnContext,
  lookup: InnLookup,
  clientId: number,
  inn: string,
  meta: Pick<RequestMeta, 'log'>,
): Promise<ClientInn> {
  const person = personOf(await findIdentity(ctx.db, clientId));
  const answer = await askFns(lookup, person, meta);
  if (!answer.found) throw new AppError('INN_NOT_FOUND');
  if (answer.inn !== inn) throw new AppError('INN_MISMATCH');
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .update(clientIdentities)
    .set({ inn, innCheckedAt: now, updatedAt: now })
    .where(eq(clientIdentities.clientId, clientId))
    .returning();
  return presentInn(row ?? null);
}
