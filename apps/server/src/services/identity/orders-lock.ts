import { ORDER_STATUS_IDS } from '@zaymo/contract';
import type { Database } from '../../db';
import type { Transaction } from '../../db/locks';
import { hasOrderWithStatus } from '../loans/db';

/**
 * Passport data becomes read-only once the client has any order: the contract and the bureau
 * reports name that passport. Runs inside the caller's transaction when given one.
 */
export function hasAnyOrder(db: Database | Transaction, clientId: number): Promise<boolean> {
  return hasOrderWithStatus(db, clientId, ORDER_STATUS_IDS);
}
