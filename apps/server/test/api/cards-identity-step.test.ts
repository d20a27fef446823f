import { IDENTITY_COMPLETE_STEP, IDENTITY_STEPS } from '@zaymo/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients } from '../../src/db/schema';
import { createClientWithSession } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bindCard } from './cards-helpers';

describe('a bound card completes the identity sequence', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  async function stepAfterBinding(startStep: number | null): Promise<number | null> {
    const { client, headers } = await createClientWithSession(testApp);
    await testApp.ctx.db.update(clients).set({ step: startStep }).where(eq(clients.id, client.id));
    const bound = await bindCard(
      testApp,
      headers,
      { pan: '2200 0000 0000 0004' },
      '/profile/identity',
    );
    expect(bound.statusCode).toBe(200);
    const step = await testApp.app.inject({ method: 'GET', url: '/api/clients/step', headers });
    return step.json<{ data: { step_data: { step_value: number | null } } }>().data.step_data
      .step_value;
  }

  it('moves a client on the card step to the completed step', async () => {
    expect(await stepAfterBinding(IDENTITY_STEPS.card)).toBe(IDENTITY_COMPLETE_STEP);
  });

  it('leaves a client in the middle of the steps where they are', async () => {
    expect(await stepAfterBinding(IDENTITY_STEPS.addresses)).toBe(IDENTITY_STEPS.addresses);
  });
});
