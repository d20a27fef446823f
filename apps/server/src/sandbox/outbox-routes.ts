import { normalizeRussianPhone } from '@zaymo/contract';
import { desc, eq } from 'drizzle-orm';
import { outboxMessages, type OutboxMessageRow } from '../db/schema';
import type { RoutePlugin } from '../http/route-plugin';
import { route } from '../http/route';

/** GET /api/dev/outbox: the SMS and e-mails the sandbox "sent", newest first. */
export const outboxRoutes: RoutePlugin = async (app, { ctx }) => {
  route(app, 'GET /dev/outbox', async (request) => {
    const { recipient, limit } = request.query;
    const rows = await ctx.db
      .select()
      .from(outboxMessages)
      .where(recipient ? eq(outboxMessages.recipient, normalizeRecipient(recipient)) : undefined)
      .orderBy(desc(outboxMessages.id))
      .limit(limit);
    return { data: rows.map(presentMessage) };
  });
};

/** «8 (912) 345-67-89» finds «+79123456789»; e-mails are stored lower-cased. */
function normalizeRecipient(recipient: string): string {
  const trimmed = recipient.trim();
  if (trimmed.includes('@')) return trimmed.toLowerCase();
  return normalizeRussianPhone(trimmed) ?? trimmed;
}

function presentMessage(row: OutboxMessageRow) {
  return {
    id: row.id,
    channel: row.channel,
    recipient: row.recipient,
    subject: row.subject,
    body: row.body,
    created_at: row.createdAt.toISOString(),
  };
}
