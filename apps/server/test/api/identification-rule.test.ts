import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectRussianError } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { createBorrower, orderBody, postOrder, tariffIds } from './orders-helpers';

/*
 * 41-FZ: once the biometric rule is in force, an online loan needs ЕСИА and ЕБС. Here the rule
 * is forced on through BIOMETRIC_REQUIRED_FROM, as an МФК (or an МКК from 01.03.2027) has it.
 */
let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({ env: { BIOMETRIC_REQUIRED_FROM: '2026-03-01' } });
});

afterAll(async () => {
  await testApp.close();
});

describe('the 41-FZ identification rule', () => {
  it('refuses an online order of a client who typed the data, saying what to do', async () => {
    const borrower = await createBorrower(testApp);
    const { first } = await tariffIds(testApp);
    const refused = await postOrder(testApp, borrower, orderBody(first));
    expect(refused.json()).toMatchObject({ code: 'IDENTIFICATION_REQUIRED' });
    expect(expectRussianError(refused, 409)).toContain('Госуслуги');
  });
});
