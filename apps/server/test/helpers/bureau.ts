import { createCreditBureau, type CreditBureau } from '../../src/integrations/bureau';
import { inProcessFetch } from '../../src/integrations/in-process-fetch';
import type { TestApp } from './test-app';

/** The app's sandbox bureau, reached in-process as the app reaches it (composition.ts). */
export function sandboxBureau(testApp: Pick<TestApp, 'app' | 'ctx' | 'clock'>): CreditBureau {
  const bureau = createCreditBureau(testApp.ctx.config, inProcessFetch(testApp.app), testApp.clock);
  if (!bureau) throw new Error('the test app has no bureau (sandbox mode off?)');
  return bureau;
}
