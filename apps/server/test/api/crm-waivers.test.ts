import {
  crmCollectionLoanResponseSchema,
  crmWaiverResponseSchema,
  crmWaiversResponseSchema,
  ORDER_STATUS,
  type CrmProposeWaiverRequest,
  type StaffRole,
} from '@zaymo/contract';
import { and, asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditHistoryEvents, crmAudit, loanLedger } from '../../src/db/schema';
import { FORGIVEN_END_CODE } from '../../src/services/credit-history/events';
import { fromPayload } from '../../src/services/credit-history/payload';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { createStaffMember, staffHeaders } from './crm-helpers';
import { currentOrder, givenLoan, LONG_SESSIONS, paid, pay, type Loan } from './servicing-helpers';

/*
 * Waivers and write-offs with two people on a real database: a collector proposes, a second
 * person of role risk or admin decides; only an approval books the write-off, once, never below
 * zero, whatever races it.
 */

/** Monday 2 November 2026, 09:00 Moscow: loans of 30 days fall due on Wednesday 2 December. */
const START = new Date('2026-11-02T06:00:00Z');

let testApp: TestApp;
const staffIds: Partial<Record<StaffRole | 'risk2', number>> = {};

async function as(who: StaffRole | 'risk2') {
  const id = staffIds[who];
  if (id === undefined) throw new Error(`no ${who}`);
  return staffHeaders(testApp, id);
}

function propose(loan: Loan, body: CrmProposeWaiverRequest, who: StaffRole = 'collector') {
  return as(who).then((headers) =>
    testApp.app.inject({
      method: 'POST',
      url: `/api/crm/collections/${loan.order.id}/waivers`,
      headers,
      payload: body,
    }),
  );
}

async function proposed(loan: Loan, body: CrmProposeWaiverRequest, who: StaffRole = 'collector') {
  const response = await propose(loan, body, who);
  expect(response.statusCode, response.body).toBe(200);
  return crmWaiverResponseSchema.parse(response.json()).data.waiver;
}

async function decide(
  waiverId: number,
  who: StaffRole | 'risk2',
  decision: 'approve' | 'refuse' = 'approve',
) {
  return testApp.app.inject({
    method: 'POST',
    url: `/api/crm/waivers/${waiverId}/decision`,
    headers: await as(who),
    payload: { decision, reason: 'Проверено: клиент в трудной ситуации' },
  });
}

async function waiverEntries(loan: Loan) {
  return testApp.ctx.db
    .select()
    .from(loanLedger)
    .where(and(eq(loanLedger.orderId, loan.order.id), like(loanLedger.entryKey, 'waiver:%')));
}

async function balance(loan: Loan) {
  const order = await currentOrder(testApp, loan);
  if (!order.balance) throw new Error('no balance');
  return order.balance;
}

const kopecksOf = (money: string) => BigInt(money.replace('.', ''));

beforeAll(async () => {
  testApp = await createTestApp({ env: LONG_SESSIONS, startAt: START });
  for (const role of ['operator', 'collector', 'risk', 'admin'] as const) {
    staffIds[role] = (await createStaffMember(testApp, role, { name: `Анна ${role}` })).row.id;
  }
  staffIds.risk2 = (await createStaffMember(testApp, 'risk', { name: 'Борис risk' })).row.id;
});
afterAll(() => testApp.close());

let loans: Loan[] = [];

describe('waivers with two people', () => {
  beforeAll(async () => {
    loans = [];
    for (let index = 0; index < 6; index += 1) loans.push(await givenLoan(testApp));
    // Saturday 12 December, 10:00 Moscow: ten days past due, penalty charged for each.
    testApp.clock.advanceBy(new Date('2026-12-12T07:00:00Z').getTime() - START.getTime());
  });

  it('a proposal is pending, audited and in the card and «Согласование»; a collector cannot list or decide', async () => {
    const loan = loans[0] as Loan;
    const waiver = await proposed(loan, {
      kind: 'penalty',
      amount: '30,00',
      reason: 'Клиент в больнице',
    });
    expect(waiver).toMatchObject({ kind: 'penalty', amount: '30.00', state: 'pending' });
    expect(waiver.proposed_by.name).toBe('Анна collector');

    const card = await testApp.app.inject({
      method: 'GET',
      url: `/api/crm/collections/${loan.order.id}`,
      headers: await as('collector'),
    });
    const { waivers } = crmCollectionLoanResponseSchema.parse(card.json()).data;
    expect(waivers.map((item) => [item.id, item.state])).toEqual([[waiver.id, 'pending']]);

    const list = await testApp.app.inject({
      method: 'GET',
      url: '/api/crm/waivers',
      headers: await as('risk'),
    });
    const pending = crmWaiversResponseSchema.parse(list.json()).data.waivers;
    expect(pending.map((item) => item.id)).toContain(waiver.id);
    const forbidden = await testApp.app.inject({
      method: 'GET',
      url: '/api/crm/waivers',
      headers: await as('collector'),
    });
    expect(forbidden.statusCode).toBe(403);

    const byCollector = await decide(waiver.id, 'collector');
    expect(byCollector.statusCode).toBe(403);
    expect(byCollector.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect(await waiverEntries(loan)).toEqual([]);

    const audit = await testApp.ctx.db
      .select()
      .from(crmAudit)
      .where(eq(crmAudit.action, 'waiver_proposed'));
    expect(audit.map((row) => row.details)).toContainEqual(
      expect.objectContaining({ waiver_id: String(waiver.id), kind: 'penalty' }),
    );
  });

  it('nobody decides their own proposal, not even an admin; the attempt is audited', async () => {
    const loan = loans[1] as Loan;
    for (const role of ['risk', 'admin'] as const) {
      const waiver = await proposed(
        loan,
        { kind: 'interest', amount: '10', reason: 'Ошибка начисления' },
        role,
      );
      for (const decision of ['approve', 'refuse'] as const) {
        const own = await decide(waiver.id, role, decision);
        expect(own.statusCode, own.body).toBe(403);
        expect(own.json()).toMatchObject({ code: 'WAIVER_OWN_PROPOSAL' });
      }
      const attempts = await testApp.ctx.db
        .select()
        .from(crmAudit)
        .where(eq(crmAudit.action, 'waiver_self_approval_refused'));
      expect(attempts.map((row) => row.details?.waiver_id)).toContain(String(waiver.id));
    }
    expect(await waiverEntries(loan)).toEqual([]);
  });

  it('more penalty or interest than is owed is refused; a write-off needs no sum', async () => {
    const loan = loans[2] as Loan;
    const owed = await balance(loan);
    const cents = kopecksOf(owed.penalty) + 1n;
    const tooMuch = `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
    const refused = await propose(loan, {
      kind: 'penalty',
      amount: tooMuch,
      reason: 'Больше долга',
    });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'WAIVER_ABOVE_OWED' });
    expect(refused.json().message).toContain(`${owed.penalty} ₽`);
    const noSum = await propose(loan, { kind: 'interest', reason: 'Без суммы' });
    expect(noSum.statusCode).toBe(400);
    const exact = await proposed(loan, {
      kind: 'penalty',
      amount: owed.penalty,
      reason: 'Списать всё',
    });
    expect(exact.amount).toBe(owed.penalty);
  });

  it('an approval books one write-off citing the decision, the debt falls by it; a second is refused', async () => {
    const loan = loans[3] as Loan;
    const before = await balance(loan);
    const waiver = await proposed(loan, { kind: 'penalty', amount: '30', reason: 'Болезнь' });
    const approved = await decide(waiver.id, 'risk');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(crmWaiverResponseSchema.parse(approved.json()).data.waiver).toMatchObject({
      state: 'approved',
      written_off: '30.00',
      decided_by: { name: 'Анна risk' },
    });
    const entries = await waiverEntries(loan);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      entryKey: `waiver:${waiver.id}`,
      kind: 'write_off',
      amount: 3000n,
      allocatedPenalty: 3000n,
      allocatedInterest: 0n,
      allocatedPrincipal: 0n,
    });
    const after = await balance(loan);
    expect(kopecksOf(after.penalty)).toBe(kopecksOf(before.penalty) - 3000n);
    expect(kopecksOf(after.total)).toBe(kopecksOf(before.total) - 3000n);

    const again = await decide(waiver.id, 'admin');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'WAIVER_DECIDED' });
    expect(await waiverEntries(loan)).toHaveLength(1);
  });

  it('two approvals at once forgive once', async () => {
    const loan = loans[3] as Loan;
    const waiver = await proposed(loan, { kind: 'interest', amount: '100', reason: 'Дважды' });
    const answers = await Promise.all([decide(waiver.id, 'risk2'), decide(waiver.id, 'admin')]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const entries = await waiverEntries(loan);
    expect(entries.filter((entry) => entry.entryKey === `waiver:${waiver.id}`)).toHaveLength(1);
  });

  it('a refusal books nothing', async () => {
    const loan = loans[4] as Loan;
    const waiver = await proposed(loan, { kind: 'penalty', amount: '5', reason: 'Нет оснований' });
    const refused = await decide(waiver.id, 'risk', 'refuse');
    expect(refused.statusCode, refused.body).toBe(200);
    expect(refused.json().data.waiver).toMatchObject({ state: 'refused', written_off: null });
    expect(await waiverEntries(loan)).toEqual([]);
  });

  it('a payment racing the approval: the interest is forgiven once or the approval is refused', async () => {
    const loan = loans[4] as Loan;
    const owed = await balance(loan);
    const waiver = await proposed(loan, {
      kind: 'interest',
      amount: owed.interest,
      reason: 'Списать все проценты',
    });
    // Overdue, a payment goes to interest first (353-FZ art. 5 part 20).
    const [payment, approval] = await Promise.all([
      pay(testApp, loan.borrower, loan.contract, {
        type: 'part',
        amount: '1000.00',
        card_id: loan.borrower.cardId ?? 0,
      }),
      decide(waiver.id, 'risk'),
    ]);
    expect(paid(payment).status).toBe('approved');
    const after = await balance(loan);
    const forgiven = approval.statusCode === 200 ? kopecksOf(owed.interest) : 0n;
    if (approval.statusCode !== 200) {
      expect(approval.json()).toMatchObject({ code: 'WAIVER_DEBT_CHANGED' });
      expect(await waiverEntries(loan)).toEqual([]);
    }
    expect(kopecksOf(after.total)).toBe(kopecksOf(owed.total) - forgiven - 100000n);
    expect(kopecksOf(after.interest)).toBeGreaterThanOrEqual(0n);
  });

  it('a payment that covered the interest first leaves the approval nothing to forgive', async () => {
    const loan = loans[2] as Loan;
    const owed = await balance(loan);
    const waiver = await proposed(loan, { kind: 'interest', amount: '1', reason: 'Один рубль' });
    paid(
      await pay(testApp, loan.borrower, loan.contract, {
        type: 'part',
        amount: owed.interest,
        card_id: loan.borrower.cardId ?? 0,
      }),
    );
    const changed = await decide(waiver.id, 'risk');
    expect(changed.statusCode).toBe(409);
    expect(changed.json()).toMatchObject({ code: 'WAIVER_DEBT_CHANGED' });
    expect(changed.json().message).toContain('проценты — 0.00 ₽');
    expect(await waiverEntries(loan)).toEqual([]);
  });

  it('a write-off of the whole debt closes the loan; nothing is left to write off', async () => {
    const loan = loans[5] as Loan;
    const waiver = await proposed(loan, { kind: 'write_off', reason: 'Безнадёжный долг' });
    const approved = await decide(waiver.id, 'admin');
    expect(approved.statusCode, approved.body).toBe(200);
    const order = await currentOrder(testApp, loan);
    expect(order.status_id).toBe(ORDER_STATUS.REPAID);
    expect(order.balance?.total ?? '0.00').toBe('0.00');
    const card = await testApp.app.inject({
      method: 'GET',
      url: `/api/crm/collections/${loan.order.id}`,
      headers: await as('collector'),
    });
    expect(card.statusCode).toBe(404);
  });

  it('the whole-debt write-off queues the closure for the credit history; a partial one does not', async () => {
    const events = async (loan: Loan) =>
      testApp.ctx.db
        .select()
        .from(creditHistoryEvents)
        .where(eq(creditHistoryEvents.orderId, loan.order.id))
        .orderBy(asc(creditHistoryEvents.id));
    const closed = (await events(loans[5] as Loan)).at(-1);
    expect(closed).toMatchObject({ kind: 'closure', code: '2.5' });
    const event = fromPayload(closed?.payload ?? {});
    expect(event.end).toEqual({ date: '2026-12-12', code: FORGIVEN_END_CODE });
    expect(event.debt?.debt.total).toBe(0n);
    expect(event.debt?.overdue).toBeNull();
    const partly = (await events(loans[3] as Loan)).map((row) => row.kind);
    expect(partly).not.toContain('closure');
  });
});
