import { ORDER_STATUS, ORDER_STATUS_IDS, type OrderStatusId } from '@zaymo/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LIVE_ORDER_STATUSES } from '../../db/schema';
import {
  assertTransition,
  canTransition,
  IllegalTransitionError,
  isFinalStatus,
  OPEN_LOAN_STATUSES,
  statusesLeadingTo,
  UNFINISHED_ORDER_STATUSES,
} from './status-machine';

const { NEW, ACCEPTED, APPROVED, REFUSED, SIGNED, REJECTED_BY_CLIENT } = ORDER_STATUS;
const { GIVEN, FAIL_TO_GIVE, EXPIRED, REPAID } = ORDER_STATUS;

const status = fc.constantFrom(...ORDER_STATUS_IDS);

/** Tries every target in turn, as concurrent requests and jobs would: illegal ones are refused. */
function run(targets: readonly OrderStatusId[]): OrderStatusId[] {
  const path: OrderStatusId[] = [NEW];
  for (const target of targets) {
    const current = path.at(-1) ?? NEW;
    try {
      assertTransition(current, target);
      path.push(target);
    } catch (error) {
      expect(error).toBeInstanceOf(IllegalTransitionError);
    }
  }
  return path;
}

const REACHABLE: readonly OrderStatusId[] = [
  NEW,
  ACCEPTED,
  APPROVED,
  REFUSED,
  SIGNED,
  REJECTED_BY_CLIENT,
  GIVEN,
  FAIL_TO_GIVE,
  EXPIRED,
  REPAID,
];

describe('order status machine', () => {
  it('allows exactly the transitions of the issue', () => {
    const allowed = [
      [NEW, ACCEPTED],
      [ACCEPTED, APPROVED],
      [ACCEPTED, REFUSED],
      [APPROVED, SIGNED],
      [APPROVED, REJECTED_BY_CLIENT],
      [SIGNED, GIVEN],
      [SIGNED, FAIL_TO_GIVE],
      [SIGNED, APPROVED],
      [SIGNED, REJECTED_BY_CLIENT],
      [FAIL_TO_GIVE, GIVEN],
      [FAIL_TO_GIVE, FAIL_TO_GIVE],
      [FAIL_TO_GIVE, APPROVED],
      [GIVEN, EXPIRED],
      [GIVEN, REPAID],
      [EXPIRED, GIVEN],
      [EXPIRED, REPAID],
    ];
    for (const from of ORDER_STATUS_IDS) {
      for (const to of ORDER_STATUS_IDS) {
        const expected = allowed.some(([a, b]) => a === from && b === to);
        expect(canTransition(from, to), `${from} → ${to}`).toBe(expected);
      }
    }
  });

  it('never leaves the reachable statuses, whatever is tried', () => {
    fc.assert(
      fc.property(fc.array(status, { maxLength: 60 }), (targets) => {
        for (const reached of run(targets)) expect(REACHABLE).toContain(reached);
      }),
    );
  });

  it('pays out only what was approved and signed, and never after a refusal', () => {
    fc.assert(
      fc.property(fc.array(status, { maxLength: 60 }), (targets) => {
        const path = run(targets);
        const given = path.indexOf(GIVEN);
        if (given >= 0) {
          expect(path.slice(0, given)).toContain(APPROVED);
          expect(path.slice(0, given)).toContain(SIGNED);
          // The last approval before the payout was signed: a returned contract is signed again.
          expect(path.slice(path.lastIndexOf(APPROVED, given), given)).toContain(SIGNED);
        }
        if (path.includes(REFUSED) || path.includes(REJECTED_BY_CLIENT)) {
          expect(path).not.toContain(GIVEN);
        }
      }),
    );
  });

  it('keeps a final status for ever', () => {
    fc.assert(
      fc.property(fc.array(status, { maxLength: 60 }), (targets) => {
        const path = run(targets);
        const firstFinal = path.findIndex(isFinalStatus);
        if (firstFinal >= 0) expect(path.length).toBe(firstFinal + 1);
      }),
    );
  });

  it('knows where each status comes from', () => {
    // EXPIRED → GIVEN: a paid prolongation of an overdue loan.
    expect(statusesLeadingTo(GIVEN).sort()).toEqual([FAIL_TO_GIVE, SIGNED, EXPIRED].sort());
    expect(statusesLeadingTo(REPAID).sort()).toEqual([GIVEN, EXPIRED].sort());
    expect(statusesLeadingTo(NEW)).toEqual([]);
    // SIGNED | FAIL_TO_GIVE → APPROVED: not paid out on the signing day, signed again.
    expect(statusesLeadingTo(APPROVED).sort()).toEqual([ACCEPTED, SIGNED, FAIL_TO_GIVE].sort());
  });

  it('has the live statuses of the database index = unfinished orders and open loans', () => {
    const live = [...UNFINISHED_ORDER_STATUSES, ...OPEN_LOAN_STATUSES].sort();
    expect([...LIVE_ORDER_STATUSES].sort()).toEqual(live);
  });
});
