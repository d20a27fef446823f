import type { EndpointAnswer } from '@zaymo/contract';
import { apiError, mockApi, type MockRequest } from './api';
import { COMPANY_SETTINGS, signedInClient } from './fixtures';

/**
 * What the app shell reads in the background of any screen (the company's settings, the signed-in
 * client, spec §4's moratorium and refusal-showcase checks, the decline page's partner offers),
 * answered as the server answers: a request without a session is a guest's and gets 401, one with
 * a session gets a client who may apply, with no showcase link and no partner offers. test/setup.ts
 * installs them before every test; a test that needs another answer gives its own with `mockApi`
 * (the last handler wins).
 */
export const SHELL_ANSWERS = {
  settings: { data: { params: COMPANY_SETTINGS } },
  client: { data: { client: signedInClient() } },
  moratorium: { data: { data: { status: true, end_date: null } } },
  refusalShowcase: {
    data: {
      params: { link: null, refusal_link_latency_in_seconds: 0, window_to_open: 'in-same-window' },
    },
  },
  partnerOffers: { data: { offers: [] } },
} satisfies {
  settings: EndpointAnswer<'/settings/get', 'GET'>;
  client: EndpointAnswer<'/clients', 'GET'>;
  moratorium: EndpointAnswer<'/clients/moratorium', 'GET'>;
  refusalShowcase: EndpointAnswer<'/clients/refusal-showcase', 'GET'>;
  partnerOffers: EndpointAnswer<'/clients/refusal-showcase-all', 'GET'>;
};

function signedIn(request: MockRequest): boolean {
  return request.headers.get('authorization')?.startsWith('Bearer ') ?? false;
}

/** `answer` for a request with a session, the server's 401 for a guest's. */
function forClients<A>(answer: A) {
  return (request: MockRequest) => (signedIn(request) ? answer : apiError('UNAUTHORIZED'));
}

export function answerShellReads(): void {
  mockApi('/settings/get', SHELL_ANSWERS.settings);
  mockApi('/clients', forClients(SHELL_ANSWERS.client));
  mockApi('/clients/moratorium', forClients(SHELL_ANSWERS.moratorium));
  mockApi('/clients/refusal-showcase', forClients(SHELL_ANSWERS.refusalShowcase));
  mockApi('/clients/refusal-showcase-all', forClients(SHELL_ANSWERS.partnerOffers));
}
