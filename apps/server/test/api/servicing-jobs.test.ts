import { ORDER_STATUS } from '@zaymo/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autopayAttempts, cards, loanLedger, loanOrders } from '../../src/db/schema';
import { inProcessFetch } from '../../src/integrations/in-process-fetch';
import { createPaymentsGateway } from '../../src/services/payments';
import { accrueOpenLoans } from '../../src/services/servicing/accrual';
import { runAutopay } from '../../src/services/servicing/jobs';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { DAY_MS, givenLoan, LONG_SESSIONS } from './servicing-helpers';

describe('servicing jobs: accrual and autopay', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ env: LONG_SESSIONS });
  });
  afterAll(() => testApp.close());

  const statusOf = async (orderId: number) => {
    const [row] = await testApp.ctx.db.select().from(loanOrders).where(eq(loanOrders.id, orderId));
    return row?.statusId;
  };

  it('the accrual job books charges and expires an overdue loan without any read', async () => {
    const loan = await givenLoan(testApp);
    testApp.clock.advanceBy(31 * DAY_MS);
    expect(await accrueOpenLoans(testApp.ctx)).toBeGreaterThanOrEqual(1);
    expect(await statusOf(loan.order.id)).toBe(ORDER_STATUS.EXPIRED);
    const penalties = await testApp.ctx.db
      .select()
      .from(loanLedger)
      .where(and(eq(loanLedger.orderId, loan.order.id), eq(loanLedger.kind, 'penalty')));
    expect(penalties).toHaveLength(1);
    await accrueOpenLoans(testApp.ctx);
    const again = await testApp.ctx.db
      .select()
      .from(loanLedger)
      .where(eq(loanLedger.orderId, loan.order.id));
    expect(again.filter((row) => row.kind === 'interest')).toHaveLength(31);
  });

  it('autopay charges the autopay card on the due date, once', async () => {
    const loan = await givenLoan(testApp);
    await testApp.ctx.db
      .update(cards)
      .set({ isAutopay: true })
      .where(eq(cards.id, loan.borrower.cardId ?? 0));
    const gateway = createPaymentsGateway(testApp.ctx.config, inProcessFetch(testApp.app));
    if (!gateway) throw new Error('no gateway');
    testApp.clock.advanceBy(30 * DAY_MS);
    await runAutopay(testApp.ctx, gateway, testApp.app.log);
    await runAutopay(testApp.ctx, gateway, testApp.app.log);
    expect(await statusOf(loan.order.id)).toBe(ORDER_STATUS.REPAID);
    const attempts = await testApp.ctx.db
      .select()
      .from(autopayAttempts)
      .where(eq(autopayAttempts.orderId, loan.order.id));
    expect(attempts).toHaveLength(1);
  });
});
