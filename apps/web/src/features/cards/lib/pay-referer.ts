import { payRefererSchema } from '@zaymo/contract';
import { ROUTES } from '@/config/paths';

/**
 * The page the client left for the gateway's card page, kept for this tab only
 * (sessionStorage): the return page /pay/callback goes back there.
 */
const PAY_REFERER_KEY = 'zaymo.payReferer';

export const DEFAULT_PAY_REFERER = ROUTES.cards.path;

export function savePayReferer(referer: string): void {
  try {
    window.sessionStorage.setItem(PAY_REFERER_KEY, referer);
  } catch {
    // Storage unavailable: the return page falls back to the cards page.
  }
}

/** The saved page if it is one of ours; anything else (or nothing) reads as null. */
export function readPayReferer(): string | null {
  try {
    const parsed = payRefererSchema.safeParse(window.sessionStorage.getItem(PAY_REFERER_KEY));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function clearPayReferer(): void {
  try {
    window.sessionStorage.removeItem(PAY_REFERER_KEY);
  } catch {
    // Nothing to clear.
  }
}
