import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type OpenDatabase } from '../../src/db';
import { clients, ticketMessages, tickets } from '../../src/db/schema';
import { CLI_TIMEOUT as TIMEOUT, runCli } from '../helpers/cli';

/** `npm run crm:reply -- …` runs this: tsx src/cli/crm-reply.ts with the server's environment. */
const crmReply = (dataDir: string, args: string[]) => runCli('crm-reply.ts', dataDir, args);

describe('npm run crm:reply (PGlite in DATA_DIR)', () => {
  let dataDir: string;
  let database: OpenDatabase | null = null;
  let ticketId = 0;
  const pgliteDir = () => path.join(dataDir, 'pglite');

  async function reopen(): Promise<OpenDatabase> {
    database = await openDatabase({ databaseUrl: null, pgliteDir: pgliteDir(), sandbox: true });
    return database;
  }

  async function closeDatabase(): Promise<void> {
    await database?.close();
    database = null;
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'zaymo-crm-reply-'));
    const { db } = await reopen();
    const [client] = await db.insert(clients).values({ phone: '+79990002233' }).returning();
    const now = new Date();
    const [ticket] = await db
      .insert(tickets)
      .values({
        clientId: client?.id ?? 0,
        category: 'payment',
        subject: 'Не прошёл платёж',
        status: 'open',
        createdAt: now,
        lastActivityAt: now,
      })
      .returning();
    ticketId = ticket?.id ?? 0;
    const [message] = await db
      .insert(ticketMessages)
      .values({ ticketId, author: 'client', text: 'Деньги списались дважды', createdAt: now })
      .returning();
    await db
      .update(tickets)
      .set({ lastMessageId: message?.id, clientSeenMessageId: message?.id })
      .where(eq(tickets.id, ticketId));
  }, TIMEOUT);
  afterAll(async () => {
    await closeDatabase();
    await rm(dataDir, { recursive: true, force: true });
  });

  it(
    'explains in Russian that the database is busy while the server holds it',
    async () => {
      const result = await crmReply(dataDir, ['--ticket', String(ticketId), '--text', 'Ответ']);
      expect(result.code).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr).toContain('База данных PGlite уже открыта другим процессом');
      expect(result.stderr).toContain('Остановите его');
    },
    TIMEOUT,
  );

  it(
    'adds the answer and marks the ticket answered, then closes it with --close',
    async () => {
      await closeDatabase();
      const answered = await crmReply(dataDir, [
        '--ticket',
        String(ticketId),
        '--text',
        'Второе списание вернётся на карту в течение 3 дней',
        '--operator',
        'Петрова А.',
      ]);
      expect(answered.code, answered.stderr).toBe(0);
      expect(answered.stdout).toContain(`обращение №${ticketId} «Не прошёл платёж»`);
      expect(answered.stdout).toContain('Статус: Есть ответ');

      const closed = await crmReply(dataDir, [
        '--ticket',
        String(ticketId),
        '--text',
        'Деньги вернулись',
        '--close',
      ]);
      expect(closed.code, closed.stderr).toBe(0);
      expect(closed.stdout).toContain('Статус: Закрыто');

      const { db } = await reopen();
      const [ticket] = await db.select().from(tickets).where(eq(tickets.id, ticketId));
      expect(ticket?.status).toBe('closed');
      expect(ticket?.closedAt).not.toBeNull();
      const messages = await db
        .select()
        .from(ticketMessages)
        .where(eq(ticketMessages.ticketId, ticketId))
        .orderBy(asc(ticketMessages.id));
      expect(messages.map((m) => [m.author, m.operatorName])).toEqual([
        ['client', null],
        ['operator', 'Петрова А.'],
        ['operator', 'Служба поддержки'],
      ]);
      expect(ticket?.lastOperatorMessageId).toBe(messages[2]?.id);
      await closeDatabase();
    },
    TIMEOUT,
  );

  it(
    'refuses missing arguments and unknown tickets with a Russian message',
    async () => {
      const usage = await crmReply(dataDir, ['--ticket', String(ticketId)]);
      expect(usage.code).toBe(1);
      expect(usage.stderr).toContain('Использование: npm run crm:reply');
      const unknown = await crmReply(dataDir, ['--ticket', '999999', '--text', 'Ответ']);
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toContain('Обращение №999999 не найдено');
    },
    TIMEOUT,
  );
});
