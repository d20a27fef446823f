import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { CompanySettings, SettingsResponse } from '@zaymo/contract';
import { DEFAULT_BRAND } from '@/config/brand';
import { api } from '@/lib/api-client';
import { settingsKeys } from '@/lib/query-keys';

export function fetchCompanySettings(signal?: AbortSignal): Promise<CompanySettings> {
  return api.get('/settings/get', { signal }).then((answer) => answer.data.params);
}

/** The company's public details (brand, legal details, contacts); they rarely change. */
export const companySettingsQuery = queryOptions({
  queryKey: settingsKeys.all,
  queryFn: ({ signal }) => fetchCompanySettings(signal),
  staleTime: Infinity,
});

/** The settings answer a prerendered page carries (app/page-data.ts). */
export function seedCompanySettings(queryClient: QueryClient, answer: SettingsResponse): void {
  queryClient.setQueryData(companySettingsQuery.queryKey, answer.data.params);
}

export function useCompanySettings() {
  return useQuery(companySettingsQuery);
}

/** The brand from the settings call; «Займо» while loading or when the call fails. */
export function useBrand(): string {
  const { data } = useCompanySettings();
  return data?.brand || DEFAULT_BRAND;
}
