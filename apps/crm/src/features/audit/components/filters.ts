import { CRM_AUDIT_ACTIONS, type CrmAuditAction } from '@zaymo/contract';
import type { AuditFilters } from '../api/audit';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const ID = /^[1-9]\d{0,9}$/;

/** The filters the address carries (?staff_id=&client_id=&action=&from=&to=); others dropped. */
export function filtersOf(search: URLSearchParams): AuditFilters {
  const filters: AuditFilters = {};
  const staffId = search.get('staff_id') ?? '';
  const clientId = search.get('client_id') ?? '';
  const action = search.get('action') ?? '';
  const from = search.get('from') ?? '';
  const to = search.get('to') ?? '';
  if (ID.test(staffId)) filters.staff_id = Number(staffId);
  if (ID.test(clientId)) filters.client_id = Number(clientId);
  if ((CRM_AUDIT_ACTIONS as readonly string[]).includes(action)) {
    filters.action = action as CrmAuditAction;
  }
  if (DATE.test(from)) filters.from = from;
  if (DATE.test(to)) filters.to = to;
  return filters;
}

/** The same filters as a query string's values (for the address and the CSV link). */
export function searchOf(filters: AuditFilters): Record<string, string> {
  return Object.fromEntries(
    Object.entries(filters)
      .filter(([, value]) => value !== undefined && value !== '')
      .map(([name, value]) => [name, String(value)]),
  );
}
