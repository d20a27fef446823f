import type {
  AddressSuggestion,
  Client,
  ClientProfile,
  EmailSuggestion,
  EndpointAnswer,
  FioSuggestion,
  FmsUnitSuggestion,
  PartySuggestion,
  PhotoKind,
} from '@zaymo/contract';
import { mockRoutes, type MockError, type MockRoutes } from '../../../../test/api';
import { EMPTY_PROFILE } from '../../../../test/fixtures';

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
  return { ...EMPTY_PROFILE, ...patch };
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

type FakeApi = {
  step?: number | null;
  profile?: ClientProfile;
  photos?: ReturnType<typeof photo>[];
  /** The signed-in client (GET /clients). */
  client?: Client;
  suggestions?: {
    fio?: FioSuggestion[];
    'address-search'?: AddressSuggestion[];
    party?: PartySuggestion[];
    fms_unit?: FmsUnitSuggestion[];
    email?: EmailSuggestion[];
  };
  /** PATCH /clients/update?step=N; by default the next step. */
  onSave?: (step: number, body: unknown) => EndpointAnswer<'/clients/update', 'PATCH'> | MockError;
};

/** Answers the identity calls through the contract's table (test/api.ts); returns the calls made. */
export function mockIdentityApi(fake: FakeApi = {}) {
  const stepData = (value: number | null) => ({ data: { step_data: { step_value: value } } });
  const suggestions = fake.suggestions ?? {};
  const routes: MockRoutes = {
    'GET /clients/step': stepData(fake.step ?? null),
    'GET /clients/profile': { data: fake.profile ?? profileWith() },
    'GET /clients/inn': { data: { inn: null, checked_at: null } },
    'GET /files/base64': { data: fake.photos ?? [] },
    'PATCH /clients/update': ({ query, body }) => {
      const step = Number(query.step);
      return fake.onSave?.(step, body) ?? stepData(step + 1);
    },
    'GET /clients/suggestions/fio': { suggestions: suggestions.fio ?? [] },
    'GET /address-search': { suggestions: suggestions['address-search'] ?? [] },
    'GET /clients/suggestions/party': { suggestions: suggestions.party ?? [] },
    'GET /clients/suggestions/fms_unit': { suggestions: suggestions.fms_unit ?? [] },
    'GET /clients/suggestions/email': { suggestions: suggestions.email ?? [] },
    ...(fake.client ? { 'GET /clients': { data: { client: fake.client } } } : {}),
  };
  return mockRoutes(routes).calls;
}
