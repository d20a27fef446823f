import { hasOrderWithStatus } from '../loans/db';
import { OPEN_LOAN_STATUSES } from '../loans/status-machine';
import type { CardsDb } from './db';

/**
 * Whether the client has a loan that is not repaid yet (GIVEN or EXPIRED): the only card of such
 * a client cannot be deleted (repayments and autopay charge it). Runs inside the caller's
 * transaction.
 */
export function hasOpenLoan(db: CardsDb, clientId: number): Promise<boolean> {
  return hasOrderWithStatus(db, clientId, OPEN_LOAN_STATUSES);
}
