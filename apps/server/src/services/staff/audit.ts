import {
  CRM_AUDIT_ACTION_TITLES,
  CRM_AUDIT_PAGE_SIZE,
  STAFF_ROLE_TITLES,
  startOfMoscowDay,
  endOfMoscowDay,
  type CrmAuditAction,
  type CrmAuditEntry,
  type CrmAuditQuery,
  type StaffRole,
} from '@zaymo/contract';
import { and, desc, eq, gte, lt, lte, type SQL } from 'drizzle-orm';
import type { AppContext, RequestMeta } from '../../context';
import { crmAudit, staff } from '../../db/schema';
import { formatMoscowDateTime } from '../../documents/pdf/format';

/** Who acts: the staff member (null for a sign-in with an unknown login) and from where. */
export interface AuditActor {
  staff: { id: number; role: StaffRole } | null;
  /** The login a sign-in tried; the staff member's login otherwise. */
  login: string | null;
  meta: Pick<RequestMeta, 'ip' | 'userAgent'>;
}

export interface AuditRecord {
  action: CrmAuditAction;
  clientId?: number | null;
  details?: Record<string, string>;
}

type AuditContext = Pick<AppContext, 'db' | 'clock'>;

export async function recordAudit(
  ctx: AuditContext,
  actor: AuditActor,
  record: AuditRecord,
): Promise<void> {
  await ctx.db.insert(crmAudit).values({
    staffId: actor.staff?.id ?? null,
    role: actor.staff?.role ?? null,
    login: actor.login,
    action: record.action,
    clientId: record.clientId ?? null,
    ip: actor.meta.ip,
    userAgent: actor.meta.userAgent,
    details: record.details ?? {},
    createdAt: ctx.clock.now(),
  });
}

/** `from`/`to` of the filter: a date is a Moscow day (`to` inclusive), a time is exact. */
const isDate = (value: string): boolean => /^\d{4}-\d{2}-\d{2}$/.test(value);

function boundary(value: string, edge: 'from' | 'to'): Date {
  if (isDate(value)) {
    const midday = new Date(`${value}T09:00:00Z`);
    return edge === 'from' ? startOfMoscowDay(midday) : endOfMoscowDay(midday);
  }
  return new Date(value);
}

function filters(query: CrmAuditQuery): SQL[] {
  const where: SQL[] = [];
  if (query.staff_id !== undefined) where.push(eq(crmAudit.staffId, query.staff_id));
  if (query.client_id !== undefined) where.push(eq(crmAudit.clientId, query.client_id));
  if (query.action !== undefined) where.push(eq(crmAudit.action, query.action));
  if (query.from !== undefined) where.push(gte(crmAudit.createdAt, boundary(query.from, 'from')));
  if (query.to !== undefined) {
    // A date's end is the next day's start (exclusive); an exact time is included.
    where.push(
      isDate(query.to)
        ? lt(crmAudit.createdAt, boundary(query.to, 'to'))
        : lte(crmAudit.createdAt, new Date(query.to)),
    );
  }
  if (query.cursor !== undefined) where.push(lt(crmAudit.id, Number(query.cursor)));
  return where;
}

/** One page of the log, newest first, and the cursor of the next page (null at the end). */
export async function listAudit(
  ctx: AuditContext,
  query: CrmAuditQuery,
  pageSize = CRM_AUDIT_PAGE_SIZE,
): Promise<{ entries: CrmAuditEntry[]; nextCursor: string | null }> {
  const rows = await ctx.db
    .select({ audit: crmAudit, staffLogin: staff.login, staffName: staff.name })
    .from(crmAudit)
    .leftJoin(staff, eq(staff.id, crmAudit.staffId))
    .where(and(...filters(query)))
    .orderBy(desc(crmAudit.id))
    .limit(pageSize + 1);
  const page = rows.slice(0, pageSize);
  const entries = page.map(({ audit, staffLogin, staffName }) => ({
    id: audit.id,
    at: audit.createdAt.toISOString(),
    action: audit.action as CrmAuditAction,
    staff:
      audit.staffId !== null && staffLogin !== null && staffName !== null
        ? { id: audit.staffId, login: staffLogin, name: staffName, role: audit.role ?? 'operator' }
        : null,
    client_id: audit.clientId,
    ip: audit.ip,
    user_agent: audit.userAgent,
    details: audit.details,
  }));
  const last = page.at(-1);
  return { entries, nextCursor: rows.length > pageSize && last ? String(last.audit.id) : null };
}

/** The most rows one CSV export holds (newest first); narrow the filter for more. */
export const AUDIT_CSV_MAX_ROWS = 50_000;

const CSV_HEADER = [
  'Время (МСК)',
  'Сотрудник',
  'Логин',
  'Роль',
  'Действие',
  'Клиент',
  'IP',
  'Браузер',
  'Подробности',
];

/** A CSV cell: quoted when needed; a leading = + - @ is defused (spreadsheet formulas). */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[";\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The log as CSV for Excel: UTF-8 with a BOM, `;` between cells, CRLF between rows. */
export async function auditCsv(ctx: AuditContext, query: CrmAuditQuery): Promise<string> {
  const lines = [CSV_HEADER.map(csvCell).join(';')];
  let cursor = query.cursor;
  let count = 0;
  for (;;) {
    const { entries, nextCursor } = await listAudit(ctx, { ...query, cursor }, 1000);
    for (const entry of entries) {
      const details = Object.entries(entry.details)
        .map(([key, value]) => `${key}=${value}`)
        .join(', ');
      const cells = [
        formatMoscowDateTime(entry.at).replace(' (МСК)', ''),
        entry.staff?.name ?? '',
        entry.staff?.login ?? entry.details.login ?? '',
        entry.staff ? STAFF_ROLE_TITLES[entry.staff.role] : '',
        CRM_AUDIT_ACTION_TITLES[entry.action] ?? entry.action,
        entry.client_id === null ? '' : String(entry.client_id),
        entry.ip,
        entry.user_agent ?? '',
        details,
      ];
      lines.push(cells.map(csvCell).join(';'));
    }
    count += entries.length;
    if (nextCursor === null || count >= AUDIT_CSV_MAX_ROWS) break;
    cursor = nextCursor;
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
