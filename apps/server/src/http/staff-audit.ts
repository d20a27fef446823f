import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { recordAudit, type AuditRecord } from '../services/staff/audit';
import { currentStaff } from './auth';
import { requestMeta } from './request-meta';

/** Writes the audit entry of a staff route: the signed-in staff member, from this request. */
export function auditStaffAction(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  request: FastifyRequest,
  record: AuditRecord,
): Promise<void> {
  const { staff } = currentStaff(request);
  return recordAudit(ctx, { staff, login: staff.login, meta: requestMeta(request) }, record);
}
