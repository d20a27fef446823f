import { CRM_SEARCH_LIMIT, type CrmClientSummary } from '@zaymo/contract';
import { and, asc, inArray, isNotNull, like, or, sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { clientIdentities, clients, loanOrders } from '../../db/schema';
import { contractNumberOf } from '../scoring/scoring';
import { maskPassport } from './masking';

/*
 * The console's client search. Every key is an index lookup (no pg_trgm on
 * PGlite): the phone by prefix (clients_phone_prefix_idx, text_pattern_ops), ФИО by word
 * prefixes of lower-case surname and name (clients_fio_prefix_idx, ё as е), the passport by its
 * 10 digits (client_identities_passport_idx), the contract number exactly (its unique index).
 */

type SearchContext = Pick<AppContext, 'db'>;

/** What the query can be: each applies where its shape fits, the results are joined. */
export interface SearchKeys {
  phonePrefix: string | null;
  passport: string | null;
  contractNumber: string | null;
  fio: readonly string[] | null;
}

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (char) => `\\${char}`);
const foldName = (text: string): string => text.toLowerCase().replace(/ё/g, 'е');

export function searchKeys(query: string): SearchKeys {
  const q = query.trim();
  const contract = /^(?:зм|zm)\s*-?\s*(\d{1,9})$/i.exec(q);
  if (contract?.[1]) {
    return {
      phonePrefix: null,
      passport: null,
      contractNumber: contractNumberOf(Number(contract[1])),
      fio: null,
    };
  }
  if (/^[\d\s()+-]+$/.test(q)) {
    const digits = q.replace(/\D/g, '');
    // «+7 912…», «8912…», «7912…» and «912…» are all the same number's beginning.
    const national = /^[78]9/.test(digits) ? digits.slice(1) : digits;
    return {
      phonePrefix: national.startsWith('9') && national.length <= 10 ? `+7${national}` : null,
      passport: digits.length === 10 ? digits : null,
      contractNumber: digits.length === 6 ? contractNumberOf(Number(digits)) : null,
      fio: null,
    };
  }
  const words = q
    .split(/\s+/)
    .map(foldName)
    .filter((word) => /^[а-яa-z-]+$/.test(word))
    .slice(0, 3);
  return {
    phonePrefix: null,
    passport: null,
    contractNumber: null,
    fio: words.length > 0 ? words : null,
  };
}

function conditions(keys: SearchKeys): SQL[] {
  const found: SQL[] = [];
  if (keys.phonePrefix) found.push(like(clients.phone, `${escapeLike(keys.phonePrefix)}%`));
  if (keys.passport) {
    found.push(
      inArray(
        clients.id,
        sql`(select ${clientIdentities.clientId} from ${clientIdentities}
          where (${clientIdentities.passport} ->> 'series_number') = ${keys.passport})`,
      ),
    );
  }
  if (keys.contractNumber) {
    found.push(
      inArray(
        clients.id,
        sql`(select ${loanOrders.clientId} from ${loanOrders}
          where ${loanOrders.contractNumber} = ${keys.contractNumber})`,
      ),
    );
  }
  if (keys.fio) {
    // Surname, name, patronymic: each word a prefix of its column, in that order.
    const columns = [clients.surname, clients.name, clients.patronymic];
    const parts = keys.fio.map(
      (word, index) =>
        sql`replace(lower(${columns[index]}), 'ё', 'е') like ${`${escapeLike(word)}%`}`,
    );
    const all = and(...parts);
    if (all) found.push(all);
  }
  return found;
}

/** The SQL of a search, for the query plan (tests, `npm run bench`). */
export function searchQuery(ctx: SearchContext, query: string) {
  const where = or(...conditions(searchKeys(query))) ?? sql`false`;
  return ctx.db
    .select({
      id: clients.id,
      phone: clients.phone,
      surname: clients.surname,
      name: clients.name,
      patronymic: clients.patronymic,
      createdAt: clients.createdAt,
    })
    .from(clients)
    .where(where)
    .orderBy(asc(clients.surname), asc(clients.name), asc(clients.id))
    .limit(CRM_SEARCH_LIMIT);
}

export async function searchClients(
  ctx: SearchContext,
  query: string,
): Promise<CrmClientSummary[]> {
  const rows = await searchQuery(ctx, query);
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const identities = await ctx.db
    .select({
      clientId: clientIdentities.clientId,
      passport: clientIdentities.passport,
      personal: clientIdentities.personal,
    })
    .from(clientIdentities)
    .where(inArray(clientIdentities.clientId, ids));
  const contracts = await ctx.db
    .select({ clientId: loanOrders.clientId, contractNumber: loanOrders.contractNumber })
    .from(loanOrders)
    .where(and(inArray(loanOrders.clientId, ids), isNotNull(loanOrders.contractNumber)))
    .orderBy(asc(loanOrders.id));
  const identityOf = new Map(identities.map((row) => [row.clientId, row]));
  return rows.map((row) => {
    const identity = identityOf.get(row.id);
    return {
      id: row.id,
      phone: row.phone,
      surname: row.surname,
      name: row.name,
      patronymic: row.patronymic,
      birth_date: identity?.personal?.birth_date ?? null,
      passport_masked: identity?.passport ? maskPassport(identity.passport.series_number) : null,
      contract_numbers: contracts
        .filter((contract) => contract.clientId === row.id && contract.contractNumber !== null)
        .map((contract) => contract.contractNumber ?? ''),
      created_at: row.createdAt.toISOString(),
    };
  });
}
