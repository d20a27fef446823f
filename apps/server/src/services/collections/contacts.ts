import {
  groupBy,
  CONTACT_CHANNELS,
  CONTACT_CHANNEL_TITLES,
  roleIncludes,
  type ContactChannel,
  type ContactRefusal,
  type ProtectionKind,
  type CrmCollectionLoan,
  type CrmCallback,
  type CrmContact,
  type CrmPromise,
  type CrmProtection,
  moscowDate,
  parseMoney,
  type StaffRole,
} from '@zaymo/contract';
import { and, asc, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { selectRows, type Database } from '../../db';
import { arrayOf } from '../../db/arrays';
import { withAdvisoryLocks } from '../../db/locks';
import {
  clientIdentities,
  collectionAssignments,
  collectionCallbacks,
  collectionContacts,
  collectionProtections,
  staff,
} from '../../db/schema';
import { AppError } from '../../errors';
import { WorkingDays } from '../credit-history/working-days';
import { checkContact, type ContactVerdict, type PastContact } from './contact-limits';
import { checkedPromise, promiseView, recordPromise } from './promises';
import { callbackView, contactView, overdueLoan } from './queue';
import { timeZonesOfRegion } from './time-zones';
import { waiversOf } from './waivers';

/*
 * The contact log of an overdue loan: a contact is recorded only when checkContact allows it,
 * under a lock on the debtor, so two collectors at once cannot both pass a limit.
 */

type CollectionsContext = Pick<AppContext, 'db' | 'clock' | 'config'>;
type Db = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

const calendar = new WorkingDays();

/** Enough history for the longest period the law counts (a calendar month in any zone). */
const HISTORY_DAYS = 32;

const historySince = (now: Date) => new Date(now.getTime() - HISTORY_DAYS * 24 * 60 * 60_000);

/** Each debtor's contacts in the counted period, by client: one statement for all. */
async function historiesOf(
  db: Db,
  clientIds: readonly number[],
  now: Date,
): Promise<Map<number, PastContact[]>> {
  const rows = await db
    .select({
      clientId: collectionContacts.clientId,
      channel: collectionContacts.channel,
      at: collectionContacts.at,
    })
    .from(collectionContacts)
    .where(
      and(
        sql`${collectionContacts.clientId} = any(${arrayOf(clientIds, 'bigint')})`,
        gte(collectionContacts.at, historySince(now)),
      ),
    );
  return groupBy(
    rows,
    (row) => row.clientId,
    ({ channel, at }) => ({ channel, at }),
  );
}

type ProtectionRow = typeof collectionProtections.$inferSelect;

async function protectionsOf(
  db: Db,
  clientIds: readonly number[],
): Promise<Map<number, ProtectionRow[]>> {
  const rows = await db
    .select()
    .from(collectionProtections)
    .where(sql`${collectionProtections.clientId} = any(${arrayOf(clientIds, 'bigint')})`)
    .orderBy(asc(collectionProtections.fromDate), asc(collectionProtections.id));
  return groupBy(
    rows,
    (row) => row.clientId,
    (row) => row,
  );
}

/** Each debtor's registration region, read out of the address in the statement. */
async function registrationRegions(
  db: Db,
  clientIds: readonly number[],
): Promise<Map<number, string | null>> {
  const rows = await selectRows<{ clientId: string; region: string | null }>(
    db,
    sql`select client_id::text as "clientId",
          ${clientIdentities.addresses} #>> '{registration,region}' as region
        from ${clientIdentities}
        where client_id = any(${arrayOf(clientIds, 'bigint')})`,
  );
  return new Map(rows.map((row) => [Number(row.clientId), row.region] as const));
}

export interface Debtor {
  region: string | null;
  timeZones: readonly string[];
  /** The contacts counted so far; a batch that records one appends it here too. */
  history: PastContact[];
  protections: ProtectionRow[];
}

/**
 * What the limits need to know about each debtor at `now`, by client: the region, the contact
 * history and the protections read in one statement each, however many debtors.
 */
export async function debtorsOf(
  db: Db,
  clientIds: readonly number[],
  now: Date,
): Promise<Map<number, Debtor>> {
  const ids = [...new Set(clientIds)];
  if (ids.length === 0) return new Map();
  const regions = await registrationRegions(db, ids);
  const histories = await historiesOf(db, ids, now);
  const protections = await protectionsOf(db, ids);
  return new Map(
    ids.map((id) => {
      const region = regions.get(id) ?? null;
      const debtor: Debtor = {
        region,
        timeZones: timeZonesOfRegion(region),
        history: histories.get(id) ?? [],
        protections: protections.get(id) ?? [],
      };
      return [id, debtor];
    }),
  );
}

/** What the limits need to know about a debtor at `now`. */
export async function debtorOf(db: Db, clientId: number, now: Date): Promise<Debtor> {
  const debtor = (await debtorsOf(db, [clientId], now)).get(clientId);
  if (!debtor) throw new Error('debtor not read');
  return debtor;
}

/** The debtor's verdict for one channel at `now`. */
export function verdictFor(debtor: Debtor, channel: ContactChannel, now: Date): ContactVerdict {
  return checkContact({
    channel,
    now,
    history: debtor.history,
    timeZones: debtor.timeZones,
    calendar,
    protections: debtor.protections.map((row) => ({
      kind: row.kind,
      from: row.fromDate,
      until: row.untilDate,
    })),
  });
}

function protectionView(row: Debtor['protections'][number]): CrmProtection {
  return {
    id: row.id,
    kind: row.kind,
    from: row.fromDate,
    until: row.untilDate,
    note: row.note,
    filed_by: row.staffId === null ? 'client' : 'staff',
  };
}

/** A loan in collection: its contacts, protections and whether each channel may be used now. */
export async function collectionLoan(
  ctx: CollectionsContext,
  orderId: number,
): Promise<CrmCollectionLoan> {
  const { loan, promises, phone, clientId } = await overdueLoan(ctx, orderId);
  const now = ctx.clock.now();
  const debtor = await debtorOf(ctx.db, clientId, now);
  const contacts = await ctx.db
    .select({ contact: collectionContacts, staffName: staff.name })
    .from(collectionContacts)
    .leftJoin(staff, eq(staff.id, collectionContacts.staffId))
    .where(eq(collectionContacts.clientId, clientId))
    .orderBy(desc(collectionContacts.at), desc(collectionContacts.id))
    .limit(100);
  return {
    loan,
    phone,
    region: debtor.region,
    time_zones: [...debtor.timeZones],
    contacts: contacts.map(({ contact, staffName }) => contactView(contact, staffName)),
    protections: debtor.protections.map(protectionView),
    promises,
    waivers: await waiversOf(ctx, orderId),
    callbacks: await callbacksOf(ctx, orderId),
    channels: CONTACT_CHANNELS.map((channel) => {
      const verdict = verdictFor(debtor, channel, now);
      return verdict.allowed
        ? { channel, allowed: true, reason: null, next_allowed_at: null }
        : {
            channel,
            allowed: false,
            reason: `${verdict.reason} (${verdict.law})`,
            next_allowed_at: verdict.nextAllowedAt?.toISOString() ?? null,
          };
    }),
  };
}

const dateTime = (timeZone: string) =>
  new Intl.DateTimeFormat('ru-RU', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });

/** «Следующий разрешённый момент: 28.11.2026 09:00 по времени должника (02:00 28.11.2026 МСК)». */
export function nextMomentText(next: Date | null, timeZones: readonly string[]): string {
  if (next === null) return 'Разрешённого момента нет, пока действует запрет.';
  const moscow = dateTime('Europe/Moscow').format(next).replace(',', '');
  if (timeZones.length !== 1 || timeZones[0] === 'Europe/Moscow') {
    return `Следующий разрешённый момент: ${moscow} МСК.`;
  }
  const local = dateTime(timeZones[0] ?? 'Europe/Moscow')
    .format(next)
    .replace(',', '');
  return `Следующий разрешённый момент: ${local} по времени должника (${moscow} МСК).`;
}

export interface ContactRefused {
  code: Exclude<ContactVerdict, { allowed: true }>['code'];
  params: ContactRefusal;
}

/**
 * Records the contact if the law allows it now; otherwise answers the refusal (the caller audits
 * it and answers 409 with the code).
 */
export async function logContact(
  ctx: CollectionsContext,
  orderId: number,
  staffId: number | null,
  input: { channel: ContactChannel; note: string },
): Promise<
  { contact: CrmContact; clientId: number } | { refused: ContactRefused; clientId: number }
> {
  const { clientId } = await overdueLoan(ctx, orderId);
  return withAdvisoryLocks(
    ctx.db,
    [{ space: 'debtorContact', key: String(clientId) }],
    async (tx) => {
      const now = ctx.clock.now();
      const debtor = await debtorOf(tx, clientId, now);
      const verdict = verdictFor(debtor, input.channel, now);
      if (!verdict.allowed) {
        const params = {
          channel: CONTACT_CHANNEL_TITLES[input.channel],
          reason: verdict.reason,
          law: verdict.law,
          next: nextMomentText(verdict.nextAllowedAt, debtor.timeZones),
        };
        return { refused: { code: verdict.code, params }, clientId };
      }
      const [row] = await tx
        .insert(collectionContacts)
        .values({ clientId, orderId, channel: input.channel, staffId, note: input.note, at: now })
        .returning();
      if (!row) throw new Error('contact not recorded');
      const [author] = staffId
        ? await tx.select({ name: staff.name }).from(staff).where(eq(staff.id, staffId))
        : [];
      return { contact: contactView(row, author?.name ?? null), clientId };
    },
  );
}

/** Records a protected period of the loan's client. */
export async function addProtection(
  ctx: CollectionsContext,
  orderId: number,
  staffId: number,
  input: { kind: ProtectionKind; from: string; until: string | null; note: string },
): Promise<{ protection: CrmProtection; clientId: number }> {
  const { clientId } = await overdueLoan(ctx, orderId);
  const [row] = await ctx.db
    .insert(collectionProtections)
    .values({
      clientId,
      kind: input.kind,
      fromDate: input.from,
      untilDate: input.until,
      note: input.note,
      staffId,
      createdAt: ctx.clock.now(),
    })
    .returning();
  if (!row) throw new Error('protection not recorded');
  return { protection: protectionView(row), clientId };
}

/** Staff who may work overdue loans: collectors and above, not blocked. */
export async function collectors(ctx: CollectionsContext): Promise<{ id: number; name: string }[]> {
  const rows = await ctx.db
    .select({ id: staff.id, name: staff.name, role: staff.role })
    .from(staff)
    .where(isNull(staff.blockedAt))
    .orderBy(asc(staff.name));
  return rows
    .filter((row) => roleIncludes(row.role, 'collector'))
    .map(({ id, name }) => ({ id, name }));
}

/** Gives the loan to a collector (or to nobody). */
export async function assignCollector(
  ctx: CollectionsContext,
  orderId: number,
  assignee: number | null,
  byStaffId: number,
) {
  const { clientId } = await overdueLoan(ctx, orderId);
  if (assignee === null) {
    await ctx.db.delete(collectionAssignments).where(eq(collectionAssignments.orderId, orderId));
  } else {
    const [member] = await ctx.db.select().from(staff).where(eq(staff.id, assignee));
    if (!member || member.blockedAt !== null || !isCollector(member.role)) {
      throw new AppError('COLLECTOR_UNKNOWN', { field: 'staff_id' });
    }
    const values = {
      orderId,
      staffId: assignee,
      assignedBy: byStaffId,
      assignedAt: ctx.clock.now(),
    };
    await ctx.db
      .insert(collectionAssignments)
      .values(values)
      .onConflictDoUpdate({ target: collectionAssignments.orderId, set: values });
  }
  return { loan: (await overdueLoan(ctx, orderId)).loan, clientId };
}

const isCollector = (role: StaffRole): boolean => roleIncludes(role, 'collector');

/** Records a promise to pay the loan's debt (at most what is owed today, within the window). */
export async function addPromise(
  ctx: CollectionsContext,
  orderId: number,
  staffId: number | null,
  input: { amount: string; due_on: string },
): Promise<{ promise: CrmPromise; clientId: number }> {
  const { loan, clientId } = await overdueLoan(ctx, orderId);
  const owed = parseMoney(loan.owed.total) ?? 0n;
  const today = moscowDate(ctx.clock.now());
  const amount = checkedPromise(input, owed, today);
  const row = await recordPromise(ctx, { clientId, orderId, amount, dueOn: input.due_on }, staffId);
  const [author] = staffId
    ? await ctx.db.select({ name: staff.name }).from(staff).where(eq(staff.id, staffId))
    : [];
  const promise = promiseView({ promise: row, staffName: author?.name ?? null }, 'pending');
  return { promise, clientId };
}

/** The call-backs of a loan for the console's card, soonest first. */
export async function callbacksOf(
  ctx: CollectionsContext,
  orderId: number,
): Promise<CrmCallback[]> {
  const rows = await ctx.db
    .select()
    .from(collectionCallbacks)
    .where(eq(collectionCallbacks.orderId, orderId))
    .orderBy(asc(collectionCallbacks.at));
  return rows.map(callbackView);
}
