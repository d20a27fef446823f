import { moscowDate, settingsResponseSchema, tariffsResponseSchema } from '@zaymo/contract';
import type { AppContext } from '../context';
import { tariffsResponse } from './loans/tariffs';
import { publicDataCache, type CachedAnswer } from './public-data';

/** GET /settings/get: the company's public details, from memory. */
export function settingsAnswer(ctx: AppContext): Promise<CachedAnswer> {
  return publicDataCache(ctx).answer('settings', settingsResponseSchema, () => ({
    data: { params: ctx.config.company },
  }));
}

/**
 * GET /tariff/default and /tariff/repeat, from memory. «today» is part of the answer: one cached
 * answer per kind and Moscow day by the server's clock.
 */
export function tariffsAnswer(ctx: AppContext, isRepeat: boolean): Promise<CachedAnswer> {
  const now = ctx.clock.now();
  return publicDataCache(ctx).answer(
    `tariff/${isRepeat ? 'repeat' : 'default'}@${moscowDate(now)}`,
    tariffsResponseSchema,
    () => tariffsResponse(ctx.db, isRepeat, now),
  );
}

/**
 * What a prerendered page carries (contract's PageData) as JSON, with a version that changes
 * whenever that JSON does: the company settings on every page, the default tariffs on the home
 * page. Built from the cached answers' JSON, so it is exactly what the calls return.
 */
export async function pageDataOf(
  ctx: AppContext,
  pagePath: string,
): Promise<{ json: string; version: string }> {
  const parts: [string, CachedAnswer][] = [['settings', await settingsAnswer(ctx)]];
  if (pagePath === '/') parts.push(['defaultTariffs', await tariffsAnswer(ctx, false)]);
  return {
    json: `{${parts.map(([key, answer]) => `${JSON.stringify(key)}:${answer.json}`).join(',')}}`,
    version: parts.map(([, answer]) => answer.etag).join(' '),
  };
}
