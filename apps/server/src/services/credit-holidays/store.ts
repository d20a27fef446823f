import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { arrayOf } from '../../db/arrays';
import {
  creditHolidayDocuments,
  creditHolidays,
  type CreditHolidayDocumentRow,
  type CreditHolidayRow,
} from '../../db/schema';
import type { Db } from '../loans/db';

/** The approved holidays of a loan, oldest first: what accrual and the notice read. */
export async function approvedHolidaysOf(db: Db, orderId: number): Promise<CreditHolidayRow[]> {
  return (await approvedHolidaysByOrder(db, [orderId])).get(orderId) ?? [];
}

/** The approved holidays of several loans in one query, by order, oldest first. */
export async function approvedHolidaysByOrder(
  db: Db,
  orderIds: readonly number[],
): Promise<Map<number, CreditHolidayRow[]>> {
  const byOrder = new Map<number, CreditHolidayRow[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select()
    .from(creditHolidays)
    .where(
      and(
        sql`${creditHolidays.orderId} = any(${arrayOf(orderIds, 'bigint')})`,
        eq(creditHolidays.status, 'approved'),
      ),
    )
    .orderBy(asc(creditHolidays.id));
  for (const row of rows) byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), row]);
  return byOrder;
}

export function holidaysOfClient(db: Db, clientId: number): Promise<CreditHolidayRow[]> {
  return db
    .select()
    .from(creditHolidays)
    .where(eq(creditHolidays.clientId, clientId))
    .orderBy(desc(creditHolidays.id));
}

export async function holidayById(db: Db, id: number): Promise<CreditHolidayRow | null> {
  const [row] = await db.select().from(creditHolidays).where(eq(creditHolidays.id, id));
  return row ?? null;
}

export async function documentsOfHolidays(
  db: Db,
  holidayIds: readonly number[],
): Promise<Map<number, CreditHolidayDocumentRow[]>> {
  const byHoliday = new Map<number, CreditHolidayDocumentRow[]>();
  if (holidayIds.length === 0) return byHoliday;
  const rows = await db
    .select()
    .from(creditHolidayDocuments)
    .where(inArray(creditHolidayDocuments.holidayId, [...holidayIds]))
    .orderBy(asc(creditHolidayDocuments.id));
  for (const row of rows)
    byHoliday.set(row.holidayId, [...(byHoliday.get(row.holidayId) ?? []), row]);
  return byHoliday;
}

export async function holidayDocument(
  db: Db,
  holidayId: number,
  fileId: number,
): Promise<CreditHolidayDocumentRow | null> {
  const [row] = await db
    .select()
    .from(creditHolidayDocuments)
    .where(eq(creditHolidayDocuments.id, fileId));
  return row && row.holidayId === holidayId ? row : null;
}
