import type { ClientProfile, PhotoKind } from '@zaymo/contract';
import { mockFetch } from '../../../../test/fetch';

/** Test data and a fake backend for the identity screens (used by tests only). */

export const SAVED_PERSONAL = {
  surname: 'Иванова',
  name: 'Мария',
  patronymic: 'Петровна',
  no_patronymic: false,
  gender: 'FEMALE',
  birth_date: '1990-03-15',
  birth_place: 'гор. Москва',
} as const satisfies ClientProfile['personal'];

export const SAVED_PASSPORT = {
  series_number: '4506123456',
  issue_date: '2015-04-01',
  division_code: '772-001',
  issued_by: 'ОТДЕЛЕНИЕМ ПО РАЙОНУ АРБАТ ОУФМС РОССИИ ПО ГОР. МОСКВЕ В ЦАО',
} satisfies ClientProfile['passport'];

export function profileWith(patch: Partial<ClientProfile> = {}): ClientProfile {
  return {
    personal: null,
    passport: null,
    addresses: null,
    work: null,
    photos: [],
    step: null,
    passport_locked: false,
    ...patch,
  };
}

export function photo(kind: PhotoKind, id: number) {
  return {
    id,
    kind,
    content_type: 'image/png' as const,
    size: 68,
    width: 1,
    height: 1,
    created_at: '2026-01-10T10:00:00.000Z',
    data_url: `data:image/png;base64,${kind}`,
  };
}

type Call = { method: string; path: string; query: URLSearchParams; body: unknown };
type Answer = { status?: number; body?: unknown };

type FakeApi = {
  step?: number | null;
  profile?: ClientProfile;
  photos?: ReturnType<typeof photo>[];
  suggestions?: Record<string, unknown[]>;
  /** PATCH /clients/update?step=N; by default the next step. */
  onSave?: (step: number, body: unknown) => Answer;
};

/** Answers the identity calls; everything else is a 404. Returns the calls made. */
export function mockIdentityApi(fake: FakeApi = {}) {
  const calls: Call[] = [];
  mockFetch((url, init) => {
    const parsed = new URL(url, 'http://localhost');
    const call: Call = {
      method: init.method ?? 'GET',
      path: parsed.pathname.replace(/^\/api/, ''),
      query: parsed.searchParams,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    return answer(call, fake);
  });
  return calls;
}

function answer(call: Call, fake: FakeApi): Answer {
  const stepData = (value: number | null) => ({
    body: { data: { step_data: { step_value: value } } },
  });
  if (call.path === '/clients/step') return stepData(fake.step ?? null);
  if (call.path === '/clients/profile') return { body: { data: fake.profile ?? profileWith() } };
  if (call.path === '/files/base64') return { body: { data: fake.photos ?? [] } };
  if (call.method === 'PATCH' && call.path === '/clients/update') {
    const step = Number(call.query.get('step'));
    return fake.onSave?.(step, call.body) ?? stepData(step + 1);
  }
  const kind = Object.keys(fake.suggestions ?? {}).find((name) => call.path.endsWith(name));
  if (kind !== undefined) return { body: { suggestions: fake.suggestions?.[kind] ?? [] } };
  return { status: 404, body: { message: 'Не найдено' } };
}
