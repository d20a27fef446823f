import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db';
import type { Transaction } from '../../db/locks';
import { sandboxBureauEvents } from '../../db/sandbox-schema';
import type { ReadEvent } from '../../integrations/bureau/nbki/gutdf';

/*
 * What the sandbox bureau keeps of the events it accepted: one row per event id. A repeat of an
 * id (a resend after a lost answer or a crash) only counts itself: the history holds it once.
 */

export interface AcceptedEvent extends ReadEvent {
  readonly id: string;
  readonly dealUid: string;
}

export async function knownDealsWithContract(
  db: Database | Transaction,
  dealUids: readonly string[],
): Promise<Set<string>> {
  if (dealUids.length === 0) return new Set();
  const rows = await db
    .select({ dealUid: sandboxBureauEvents.dealUid })
    .from(sandboxBureauEvents)
    .where(
      and(eq(sandboxBureauEvents.code, '1.4'), inArray(sandboxBureauEvents.dealUid, [...dealUids])),
    );
  return new Set(rows.map((row) => row.dealUid));
}

/** The accepted events in one statement; an id the bureau holds already counts a repeat. */
export async function recordAccepted(
  db: Database,
  events: readonly AcceptedEvent[],
  documentNumber: string,
  now: Date,
): Promise<void> {
  const unique = [...new Map(events.map((event) => [event.id, event])).values()];
  if (unique.length === 0) return;
  await db
    .insert(sandboxBureauEvents)
    .values(
      unique.map((event) => ({
        eventId: event.id,
        code: event.code ?? '',
        dealUid: event.dealUid,
        documentNumber,
        passport: event.passport,
        surname: event.surname,
        figure: event.payment ?? event.debt ?? event.amount,
        receivedAt: now,
      })),
    )
    .onConflictDoUpdate({
      target: sandboxBureauEvents.eventId,
      set: { timesReceived: sql`${sandboxBureauEvents.timesReceived} + 1` },
    });
}

export function latestAccepted(db: Database, limit = 50) {
  return db
    .select()
    .from(sandboxBureauEvents)
    .orderBy(desc(sandboxBureauEvents.receivedAt), desc(sandboxBureauEvents.eventId))
    .limit(limit);
}
