import { ORDER_STATUS } from '@zaymo/contract';
import { describe, expect, it } from 'vitest';
import {
  contractDateOf,
  contractTermsOn,
  coolingOffEndOf,
  isSignedOnPayoutDay,
} from './contract-dates';

const LOAN = { dayPercent: '0.8', amount: 1_000_000n, period: 30 };

describe('contract dates', () => {
  it('dates an approved offer today in Moscow, by the clock given', () => {
    // 21:30 UTC is already the next day in Moscow (UTC+3).
    const now = new Date('2026-12-24T21:30:00Z');
    expect(
      contractDateOf({ statusId: ORDER_STATUS.APPROVED, signedAt: null, coolingOffHours: 0 }, now),
    ).toBe('2026-12-25');
  });

  it('dates a signed, failed or paid order by its signing day, whatever today is', () => {
    const signedAt = new Date('2026-12-25T07:00:00Z');
    const later = new Date('2027-01-10T12:00:00Z');
    for (const statusId of [
      ORDER_STATUS.SIGNED,
      ORDER_STATUS.FAIL_TO_GIVE,
      ORDER_STATUS.GIVEN,
      ORDER_STATUS.EXPIRED,
      ORDER_STATUS.REPAID,
    ]) {
      expect(contractDateOf({ statusId, signedAt, coolingOffHours: 0 }, later)).toBe('2026-12-25');
    }
  });

  it('has no contract date before approval or after a refusal', () => {
    const now = new Date('2026-12-25T07:00:00Z');
    for (const statusId of [
      ORDER_STATUS.NEW,
      ORDER_STATUS.ACCEPTED,
      ORDER_STATUS.REFUSED,
      ORDER_STATUS.REJECTED_BY_CLIENT,
    ]) {
      expect(contractDateOf({ statusId, signedAt: null, coolingOffHours: 0 }, now)).toBeNull();
    }
  });

  it('lets the money go out only on the Moscow day of the signature', () => {
    const signedAt = new Date('2026-12-24T21:05:00Z'); // 25.12 00:05 in Moscow
    expect(
      isSignedOnPayoutDay({ signedAt, coolingOffHours: 0 }, new Date('2026-12-25T20:59:59Z')),
    ).toBe(true);
    expect(
      isSignedOnPayoutDay({ signedAt, coolingOffHours: 0 }, new Date('2026-12-25T21:00:00Z')),
    ).toBe(false);
    expect(
      isSignedOnPayoutDay({ signedAt, coolingOffHours: 0 }, new Date('2026-12-24T20:59:59Z')),
    ).toBe(false);
    expect(isSignedOnPayoutDay({ signedAt: null, coolingOffHours: 0 }, signedAt)).toBe(false);
  });

  it('dates a loan with a cooling-off by the day its money may go out (353-FZ art. 7 part 9.3)', () => {
    const signedAt = new Date('2026-12-24T18:30:00Z'); // 21:30 in Moscow
    const shortWait = { signedAt, coolingOffHours: 4 }; // money from 01:30 on 25.12
    expect(contractDateOf({ ...shortWait, statusId: ORDER_STATUS.SIGNED }, signedAt)).toBe(
      '2026-12-25',
    );
    const offer = { statusId: ORDER_STATUS.APPROVED, signedAt: null, coolingOffHours: 48 };
    expect(contractDateOf(offer, signedAt)).toBe('2026-12-26');
    expect(coolingOffEndOf(shortWait)?.toISOString()).toBe('2026-12-24T22:30:00.000Z');
    expect(coolingOffEndOf({ signedAt, coolingOffHours: 0 })).toBeNull();
    expect(isSignedOnPayoutDay(shortWait, new Date('2026-12-24T22:30:00Z'))).toBe(true);
    expect(isSignedOnPayoutDay(shortWait, signedAt)).toBe(false);
    expect(isSignedOnPayoutDay(shortWait, new Date('2026-12-25T21:00:00Z'))).toBe(false);
  });

  it('derives the due date and the sum to return from the contract date', () => {
    expect(contractTermsOn(LOAN, '2026-12-25')).toMatchObject({
      contractDate: '2026-12-25',
      dueDate: '2027-01-24',
      interest: 240_000n,
      totalToReturn: 1_240_000n,
    });
  });

  it('takes the charges cap of the contract date: 130 % before 01.04.2026, 100 % from it', () => {
    const long = { ...LOAN, period: 200 }; // 0.8 % × 200 days = 160 %: the cap decides
    expect(contractTermsOn(long, '2026-03-31').interest).toBe(1_300_000n);
    expect(contractTermsOn(long, '2026-04-01').interest).toBe(1_000_000n);
    expect(contractTermsOn(long, '2026-04-01').dueDate).toBe('2026-10-18');
  });
});
