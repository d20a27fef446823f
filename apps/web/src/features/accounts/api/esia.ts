import type { EsiaReturnResponse } from '@zaymo/contract';
import { api } from '@/lib/api-client';

/** POST /esia/return: what /social/callback came back from Госуслуги with. */
export async function returnFromEsia(query: URLSearchParams): Promise<EsiaReturnResponse['data']> {
  const body = {
    state: query.get('state') ?? '',
    ...optional('code', query.get('code')),
    ...optional('error', query.get('error')),
    ...optional('error_description', query.get('error_description')),
  };
  const { data } = await api.post('/esia/return', { body });
  return data;
}

function optional<K extends string>(key: K, value: string | null): Partial<Record<K, string>> {
  return value === null ? {} : ({ [key]: value } as Record<K, string>);
}
