import { createServer, type Server } from 'node:net';
import { DrizzleQueryError } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, isWriteRefused } from './unavailable';

/** What node-postgres throws when it connects to `port` and runs one query. */
async function errorOfQuery(port: number): Promise<unknown> {
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'zaymo', database: 'zaymo' });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
  } catch (error) {
    return error;
  } finally {
    await client.end().catch(() => undefined);
  }
  throw new Error('the query did not fail');
}

function sqlError(code: string): pg.DatabaseError {
  const error = new pg.DatabaseError('server said no', 0, 'error');
  error.code = code;
  return error;
}

describe('isDatabaseUnavailable', () => {
  // A "server" that accepts and hangs up at once: a primary killed mid-connection.
  let hangsUp: Server;
  let hangsUpPort = 0;
  let closedPort = 0;
  beforeAll(async () => {
    hangsUp = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => hangsUp.listen(0, '127.0.0.1', resolve));
    hangsUpPort = (hangsUp.address() as { port: number }).port;
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    closedPort = (probe.address() as { port: number }).port;
    await new Promise((resolve) => probe.close(resolve));
  });
  afterAll(() => new Promise((resolve) => hangsUp.close(resolve)));

  it('knows a refused connection and one cut by the server', async () => {
    expect(isDatabaseUnavailable(await errorOfQuery(closedPort))).toBe(true);
    expect(isDatabaseUnavailable(await errorOfQuery(hangsUpPort))).toBe(true);
  });

  it('knows the server stopping, starting, crashed, or a standby refusing a write', () => {
    for (const code of ['57P01', '57P02', '57P03', '25006', '08006', '08001'])
      expect(isDatabaseUnavailable(sqlError(code)), code).toBe(true);
  });

  it('looks through drizzle’s wrapper to the driver’s error', () => {
    const wrapped = new DrizzleQueryError('select 1', [], sqlError('57P01'));
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
  });

  it('tells a write refused by a standby from the other failures', () => {
    expect(isWriteRefused(new DrizzleQueryError('insert', [], sqlError('25006')))).toBe(true);
    expect(isWriteRefused(sqlError('57P01'))).toBe(false);
  });

  it('leaves a wrong query and our own bugs to be what they are', () => {
    for (const code of ['23505', '42P01', '40001', '22P02'])
      expect(isDatabaseUnavailable(sqlError(code)), code).toBe(false);
    expect(isDatabaseUnavailable(new DrizzleQueryError('x', [], sqlError('23505')))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(isDatabaseUnavailable('Connection terminated')).toBe(false);
  });
});
