import type { IsoDate } from '@zaymo/contract';
import { describe, expect, it } from 'vitest';
import type { ReminderRules } from '../../config';
import { WorkingDays } from '../credit-history/working-days';
import { checkContact, type ContactVerdict, type PastContact } from '../collections/contact-limits';
import { decideAttempt, messagesOn, type AttemptInput } from './reminder-schedule';

const RULES: ReminderRules = {
  daysBefore: [1, 3],
  overdueNoticeDays: 7,
  dunningDays: [3, 7, 14, 30],
};
const DUE = '2026-12-02' as IsoDate;
const calendar = new WorkingDays();
const NOVOSIBIRSK = 'Asia/Novosibirsk';

const on = (today: string) =>
  messagesOn(DUE, today as IsoDate, RULES).map(
    ({ kind, day, lastDay }) => `${kind}:${day}:${lastDay}`,
  );

describe('which message a loan due on 2 December gets on which day', () => {
  it('nothing four days ahead; the 3-day reminder on the 3rd and 2nd day before', () => {
    expect(on('2026-11-28')).toEqual([]);
    expect(on('2026-11-29')).toEqual(['before_due:3:2026-11-30']);
    expect(on('2026-11-30')).toEqual(['before_due:3:2026-11-30']);
  });

  it('the 1-day reminder the day before and on the due date itself', () => {
    expect(on('2026-12-01')).toEqual(['before_due:1:2026-12-02']);
    expect(on('2026-12-02')).toEqual(['before_due:1:2026-12-02']);
  });

  it('the overdue notice from the first day past due to the seventh (base standard art. 11)', () => {
    expect(on('2026-12-03')).toEqual(['overdue_notice:1:2026-12-09']);
    expect(on('2026-12-09')).toContain('overdue_notice:1:2026-12-09');
    expect(on('2026-12-10')).not.toContain('overdue_notice:1:2026-12-09');
  });

  it('dunning on each rule day until the next one; the last keeps a week', () => {
    expect(on('2026-12-04')).toEqual(['overdue_notice:1:2026-12-09']);
    expect(on('2026-12-05')).toEqual(['overdue_notice:1:2026-12-09', 'dunning:3:2026-12-08']);
    expect(on('2026-12-09')).toEqual(['overdue_notice:1:2026-12-09', 'dunning:7:2026-12-15']);
    expect(on('2026-12-16')).toEqual(['dunning:14:2026-12-31']);
    expect(on('2027-01-01')).toEqual(['dunning:30:2027-01-07']);
    expect(on('2027-01-08')).toEqual([]);
  });

  it('turns a kind off with an empty list', () => {
    const rules = { ...RULES, daysBefore: [], dunningDays: [] };
    expect(messagesOn(DUE, '2026-11-29' as IsoDate, rules)).toEqual([]);
    expect(messagesOn(DUE, '2026-12-05' as IsoDate, rules).map((m) => m.kind)).toEqual([
      'overdue_notice',
    ]);
  });
});

function verdictAt(now: Date, history: readonly PastContact[] = []): ContactVerdict {
  return checkContact({
    channel: 'sms',
    now,
    history,
    timeZones: [NOVOSIBIRSK],
    calendar,
    protections: [],
  });
}

function attempt(now: string, overrides: Partial<AttemptInput> = {}) {
  const at = new Date(now);
  return decideAttempt({
    kind: 'before_due',
    dueDate: DUE,
    lastDay: DUE,
    loan: { open: true, dueDate: DUE },
    now: at,
    verdict: verdictAt(at),
    ...overrides,
  });
}

describe('one attempt, in the client’s local time (Novosibirsk, UTC+7)', () => {
  it('sends inside the hours', () => {
    // Tuesday 1 December, 12:00 in Novosibirsk.
    expect(attempt('2026-12-01T05:00:00Z')).toEqual({ action: 'send' });
  });

  it('a reminder due at 07:30 local on a working day waits until 08:00', () => {
    // Tuesday 1 December, 07:30 in Novosibirsk = 00:30 UTC.
    expect(attempt('2026-12-01T00:30:00Z')).toMatchObject({
      action: 'wait',
      until: new Date('2026-12-01T01:00:00Z'),
      refusal: { code: 'CONTACT_HOURS', law: 'ст. 7 ч. 5 п. 1 230-ФЗ' },
    });
  });

  it('on Saturday it waits until 09:00 local', () => {
    // Saturday 28 November, 08:30 in Novosibirsk.
    const decision = attempt('2026-11-28T01:30:00Z', { lastDay: '2026-11-30' as IsoDate });
    expect(decision).toMatchObject({ action: 'wait', until: new Date('2026-11-28T02:00:00Z') });
  });

  it('is dropped when the next allowed moment falls after its last day', () => {
    // Wednesday 2 December, 22:30 in Novosibirsk: the next moment is on the 3rd.
    const decision = attempt('2026-12-02T15:30:00Z');
    expect(decision).toMatchObject({ action: 'drop', refusal: { code: 'CONTACT_HOURS' } });
  });

  it('an overdue message over the day’s limit waits for the next day, inside its window', () => {
    const now = new Date('2026-12-04T05:00:00Z');
    const history = [
      { channel: 'sms' as const, at: new Date('2026-12-04T03:00:00Z') },
      { channel: 'call' as const, at: new Date('2026-12-04T03:30:00Z') },
      { channel: 'email' as const, at: new Date('2026-12-04T04:00:00Z') },
    ];
    const decision = attempt(now.toISOString(), {
      kind: 'overdue_notice',
      lastDay: '2026-12-09' as IsoDate,
      verdict: verdictAt(now, history),
    });
    expect(decision).toMatchObject({
      action: 'wait',
      // Friday 4 December is full; Saturday opens at 09:00 local.
      until: new Date('2026-12-05T02:00:00Z'),
      refusal: { code: 'CONTACT_LIMIT_REACHED', law: 'ст. 7 ч. 5 п. 2 «а» 230-ФЗ' },
    });
  });

  it('a refusal of interaction drops it: no moment can be named', () => {
    const now = new Date('2026-12-04T05:00:00Z');
    const verdict = checkContact({
      channel: 'sms',
      now,
      history: [],
      timeZones: [NOVOSIBIRSK],
      calendar,
      protections: [{ kind: 'refusal', from: '2026-12-03' as IsoDate, until: null }],
    });
    const decision = attempt(now.toISOString(), {
      kind: 'dunning',
      lastDay: '2026-12-08' as IsoDate,
      verdict,
    });
    expect(decision).toMatchObject({
      action: 'drop',
      refusal: { code: 'CONTACT_REFUSED_BY_DEBTOR', law: 'ст. 8 ч. 1 п. 2 230-ФЗ' },
    });
  });

  it('is dropped once the loan is paid, its due date moved, or its window passed', () => {
    const noon = '2026-12-01T05:00:00Z';
    expect(attempt(noon, { loan: { open: false, dueDate: DUE } })).toMatchObject({
      refusal: { code: 'LOAN_CLOSED' },
    });
    expect(attempt(noon, { loan: { open: true, dueDate: '2026-12-16' as IsoDate } })).toMatchObject(
      { refusal: { code: 'DUE_DATE_MOVED' } },
    );
    expect(attempt(noon, { lastDay: '2026-11-30' as IsoDate })).toMatchObject({
      refusal: { code: 'WINDOW_PASSED' },
    });
  });
});
