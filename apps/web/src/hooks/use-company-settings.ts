import { queryOptions, useQuery, type QueryFunctionContext } from '@tanstack/react-query';
import type { CompanySettings } from '@zaymo/contract';
import { DEFAULT_BRAND } from '@/config/brand';
import { api } from '@/lib/api-client';
import { takePageAnswer } from '@/lib/page-data';
import { settingsKeys } from '@/lib/query-keys';
import { useAnswerAfterHydration, type Answer } from './use-hydrated';

/**
 * GET /settings/get, answered by the page's data block the first time a prerendered page asks.
 * The query's signal is read only when the call is made: TanStack Query cancels a fetch whose
 * last observer goes (a remount) only if its signal was read, and a cancelled fetch would throw
 * away the page's answer, which is handed out once.
 */
export async function fetchCompanySettings(
  context?: Pick<QueryFunctionContext, 'signal'>,
): Promise<CompanySettings> {
  const answer =
    takePageAnswer('settings') ?? (await api.get('/settings/get', { signal: context?.signal }));
  return answer.data.params;
}

/** The company's public details (brand, legal details, contacts); they rarely change. */
export const companySettingsQuery = queryOptions({
  queryKey: settingsKeys.all,
  queryFn: (context) => fetchCompanySettings(context),
  staleTime: Infinity,
});

/** The settings as the page shows them (a prerendered part: once it is hydrated). */
export function useCompanySettings(): Answer<CompanySettings> {
  return useAnswerAfterHydration(useQuery(companySettingsQuery));
}

/** The brand from the settings call; «Займо» while loading or when the call fails. */
export function useBrand(): string {
  const { data } = useCompanySettings();
  return data?.brand || DEFAULT_BRAND;
}
