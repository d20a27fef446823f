import { ORDER_STATUS } from '@zaymo/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientIdentities, loanOrders, orderScorings } from '../../src/db/schema';
import type { CreditBureau } from '../../src/integrations/bureau';
import { scoreOrder, sweepStuckOrders } from '../../src/services/scoring/scoring';
import { sandboxBureau } from '../helpers/bureau';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { createBorrower, insertOrder, personalStep } from './orders-helpers';

describe('scoring: in-process and the sweep that recovers stuck orders', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    // The periodic sweep stays off: the test drives it.
    testApp = await createTestApp({ env: { SCORING_SWEEP_SECONDS: '0' } });
  });
  afterAll(() => testApp.close());

  const statusOf = async (orderId: number) => {
    const [row] = await testApp.ctx.db.select().from(loanOrders).where(eq(loanOrders.id, orderId));
    return row?.statusId;
  };

  it('decides an order once, however many times it is asked to', async () => {
    const borrower = await createBorrower(testApp);
    const order = await insertOrder(testApp, borrower.client.id, { statusId: ORDER_STATUS.NEW });
    const decisions = await Promise.all(
      [1, 2, 3].map(() => scoreOrder(testApp.ctx, order.id, sandboxBureau(testApp))),
    );
    expect(decisions.filter((decision) => decision !== null)).toHaveLength(1);
    expect(await statusOf(order.id)).toBe(ORDER_STATUS.APPROVED);
    expect(await scoreOrder(testApp.ctx, order.id, sandboxBureau(testApp))).toBeNull();
    const rows = await testApp.ctx.db
      .select()
      .from(orderScorings)
      .where(eq(orderScorings.orderId, order.id));
    expect(rows).toHaveLength(1);
  });

  it('picks up NEW and ACCEPTED orders a restart left behind, and only stale ones', async () => {
    const stale = new Date(testApp.clock.now().getTime() - 10 * 60_000);
    const left = await Promise.all(
      [ORDER_STATUS.NEW, ORDER_STATUS.ACCEPTED].map(async (statusId) => {
        const borrower = await createBorrower(testApp);
        return insertOrder(testApp, borrower.client.id, { statusId, updatedAt: stale });
      }),
    );
    const refusedClient = await createBorrower(testApp, { surname: 'Отказова' });
    const refused = await insertOrder(testApp, refusedClient.client.id, {
      statusId: ORDER_STATUS.ACCEPTED,
      updatedAt: stale,
    });
    const freshClient = await createBorrower(testApp);
    const fresh = await insertOrder(testApp, freshClient.client.id, { statusId: ORDER_STATUS.NEW });

    expect(await sweepStuckOrders(testApp.ctx, sandboxBureau(testApp))).toBe(3);
    for (const order of left) expect(await statusOf(order.id)).toBe(ORDER_STATUS.APPROVED);
    expect(await statusOf(refused.id)).toBe(ORDER_STATUS.REFUSED);
    expect(await statusOf(fresh.id)).toBe(ORDER_STATUS.NEW);
    expect(await sweepStuckOrders(testApp.ctx, sandboxBureau(testApp))).toBe(0);

    testApp.clock.advanceBy(31_000);
    expect(await sweepStuckOrders(testApp.ctx, sandboxBureau(testApp))).toBe(1);
    expect(await statusOf(fresh.id)).toBe(ORDER_STATUS.APPROVED);
  });

  it('moves a failing order to the back of the queue instead of blocking the sweep', async () => {
    const stale = new Date(testApp.clock.now().getTime() - 10 * 60_000);
    const broken = await createBorrower(testApp);
    const bad = await insertOrder(testApp, broken.client.id, {
      statusId: ORDER_STATUS.NEW,
      updatedAt: stale,
    });
    const good = await createBorrower(testApp);
    const fine = await insertOrder(testApp, good.client.id, {
      statusId: ORDER_STATUS.NEW,
      updatedAt: stale,
    });
    const failures: number[] = [];
    const real = sandboxBureau(testApp);
    // A bug (not a silent bureau) in one order's scoring: logged, the order left for later.
    const bureau: CreditBureau = {
      name: real.name,
      submitEvents: (events, number) => real.submitEvents(events, number),
      requestReport: async (query) => {
        if (query.person.surname === 'Сломанная') {
          throw new Error('bug');
        }
        return real.requestReport(query);
      },
    };
    await testApp.ctx.db
      .update(clientIdentities)
      .set({ personal: personalStep({ surname: 'Сломанная' }) })
      .where(eq(clientIdentities.clientId, broken.client.id));
    const decided = await sweepStuckOrders(testApp.ctx, bureau, {
      onError: (orderId) => failures.push(orderId),
    });
    expect(decided).toBe(1);
    expect(failures).toEqual([bad.id]);
    expect(await statusOf(fine.id)).toBe(ORDER_STATUS.APPROVED);
    expect(await statusOf(bad.id)).toBe(ORDER_STATUS.ACCEPTED);
    // Claimed means touched: the next sweep leaves it until it is stale again.
    expect(await sweepStuckOrders(testApp.ctx, bureau)).toBe(0);
  });
});
