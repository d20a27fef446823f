import { AppError } from '../../errors';
import type { RequestMeta } from '../../context';
import { securityEvent } from '../../logging';
import type { ClientSession } from '../sessions';

/**
 * Changes that hand the account to whoever makes them (password, phone) are the client's own:
 * an operator acting for them gets a 403 saying so, and the refusal is logged.
 */
export function requireClientInPerson(
  session: ClientSession,
  action: 'password_change' | 'phone_change',
  meta: RequestMeta,
): void {
  if (session.operatorName === null) return;
  securityEvent(meta.log, 'operator_denied', {
    operator: session.operatorName,
    clientId: session.clientId,
    action,
  });
  throw new AppError('OPERATOR_FORBIDDEN', { action });
}
