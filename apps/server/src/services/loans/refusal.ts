import {
  kopecks,
  toMoneyString,
  WINDOW_TO_OPEN,
  type partnerOfferSchema,
  type refusalShowcaseResponseSchema,
  moscowDate,
} from '@zaymo/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import {
  refusalPartners,
  refusalShowcaseRules,
  type RefusalPartnerRow,
  type ShowcasePage,
} from '../../db/schema';
import { moratoriumUntil } from './db';

type LoansContext = Pick<AppContext, 'db' | 'clock'>;
type ShowcaseParams = z.infer<typeof refusalShowcaseResponseSchema>['data']['params'];
type PartnerOffer = z.infer<typeof partnerOfferSchema>;

/**
 * GET clients/moratorium (spec §4): status true when the client may take a loan; false while a
 * moratorium after a refusal runs, with end_date = the first day a new order is accepted.
 */
export async function moratoriumStatus(
  ctx: LoansContext,
  clientId: number,
): Promise<{ status: boolean; end_date: string | null }> {
  const until = await moratoriumUntil(ctx.db, clientId, moscowDate(ctx.clock.now()));
  return { status: until === null, end_date: until };
}

const NO_SHOWCASE: ShowcaseParams = {
  link: null,
  refusal_link_latency_in_seconds: 0,
  window_to_open: 'in-new-window',
};

function windowToOpen(value: string): ShowcaseParams['window_to_open'] {
  return WINDOW_TO_OPEN.find((known) => known === value) ?? 'in-new-window';
}

/**
 * GET /clients/refusal-showcase: during a moratorium, the partner link of the page's rule (the
 * decline page, or any other page); no link for everyone else.
 */
export async function refusalShowcase(
  ctx: LoansContext,
  clientId: number,
  onDeniedPage: boolean,
): Promise<ShowcaseParams> {
  if ((await moratoriumStatus(ctx, clientId)).status) return NO_SHOWCASE;
  const page: ShowcasePage = onDeniedPage ? 'denied' : 'other';
  const [rule] = await ctx.db
    .select({
      link: refusalPartners.link,
      latency: refusalShowcaseRules.latencySeconds,
      window: refusalShowcaseRules.windowToOpen,
    })
    .from(refusalShowcaseRules)
    .innerJoin(
      refusalPartners,
      and(
        eq(refusalPartners.id, refusalShowcaseRules.partnerId),
        eq(refusalPartners.isActive, true),
      ),
    )
    .where(eq(refusalShowcaseRules.page, page));
  if (!rule) return NO_SHOWCASE;
  return {
    link: rule.link,
    refusal_link_latency_in_seconds: rule.latency,
    window_to_open: windowToOpen(rule.window),
  };
}

/** GET /clients/refusal-showcase-all: the active partner offers, in their order. */
export async function partnerOffers(ctx: Pick<AppContext, 'db'>): Promise<PartnerOffer[]> {
  const rows = await ctx.db
    .select()
    .from(refusalPartners)
    .where(eq(refusalPartners.isActive, true))
    .orderBy(asc(refusalPartners.position), asc(refusalPartners.id));
  return rows.map(partnerOfferOf);
}

export function partnerOfferOf(row: RefusalPartnerRow): PartnerOffer {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    link: row.link,
    max_sum: toMoneyString(kopecks(row.maxSum)),
    rate_text: row.rateText,
  };
}
