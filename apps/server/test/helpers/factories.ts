import { randomInt } from 'node:crypto';
import { clients, type ClientRow } from '../../src/db/schema';
import { issueSession, type IssuedSession } from '../../src/services/sessions';
import type { TestApp } from './test-app';

let phoneSequence = randomInt(100_000_000);

/** «+79XXXXXXXXX», different on every call within a test file. */
export function uniquePhone(): string {
  phoneSequence = (phoneSequence + 1) % 1_000_000_000;
  return `+79${String(phoneSequence).padStart(9, '0')}`;
}

export async function createClient(
  testApp: Pick<TestApp, 'ctx'>,
  overrides: Partial<Pick<ClientRow, 'phone'>> = {},
): Promise<ClientRow> {
  const [client] = await testApp.ctx.db
    .insert(clients)
    .values({ phone: overrides.phone ?? uniquePhone() })
    .returning();
  if (!client) throw new Error('client not created');
  return client;
}

export interface ClientWithSession {
  client: ClientRow;
  token: string;
  session: IssuedSession;
  /** `{ authorization: 'Bearer …' }` for app.inject(). */
  headers: { authorization: string };
}

export async function createClientWithSession(
  testApp: Pick<TestApp, 'ctx'>,
  options: { operatorName?: string } = {},
): Promise<ClientWithSession> {
  const client = await createClient(testApp);
  const session = await issueSession(testApp.ctx, client.id, options);
  return {
    client,
    token: session.token,
    session,
    headers: { authorization: `Bearer ${session.token}` },
  };
}
