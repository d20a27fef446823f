import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { clients } from '../../db/schema';
import { consentStands } from '../accounts/client-consents';

type MarketingContext = Pick<AppContext, 'db' | 'messaging'>;

export type MarketingOutcome = 'sent' | 'no_consent';

/**
 * The one way an advertising message leaves us: only to a client whose marketing consent stands
 * at the moment of sending (38-FZ art. 18 part 1: prior consent; on withdrawal the messages stop
 * at once). Messages about the client's own loan are not advertising and do not come here.
 */
export async function sendMarketingSms(
  ctx: MarketingContext,
  clientId: number,
  text: string,
): Promise<MarketingOutcome> {
  if (!(await consentStands(ctx.db, clientId, 'marketing'))) return 'no_consent';
  const [client] = await ctx.db
    .select({ phone: clients.phone })
    .from(clients)
    .where(eq(clients.id, clientId));
  if (!client) return 'no_consent';
  await ctx.messaging.sms.send({ to: client.phone, text });
  return 'sent';
}
