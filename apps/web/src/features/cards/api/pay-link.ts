import { type PayLinkQuery } from '@zaymo/contract';
import { api } from '@/lib/api-client';

/** GET /pay/link?referer=… — the gateway's card page that binds a card. */
export async function fetchPayLink(referer: string): Promise<string> {
  const query: PayLinkQuery = { referer };
  const answer = await api.get('/pay/link', { query });
  return answer.data.url;
}
