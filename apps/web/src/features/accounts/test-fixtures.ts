import { waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import type { Client, Consent } from '@zaymo/contract';
import { mockRoutes, type MockRoutes } from '../../../test/api';
import { signedInClient } from '../../../test/fixtures';
import { VALID_TOKEN } from '../../../test/stores';

/** Test data and a fake accounts API for this feature's tests. */
export const CONSENTS: Consent[] = [
  {
    code: 'personal_data',
    title: 'Согласие на обработку персональных данных',
    document_link: '/api/documents/public/personal_data',
    version: '1',
    required: true,
    effect: 'Без него нельзя зарегистрироваться.',
  },
  {
    code: 'terms',
    title: 'Правила предоставления займов',
    document_link: '/api/documents/public/terms',
    version: '1',
    required: true,
    effect: 'Условия займов.',
  },
  {
    code: 'marketing',
    title: 'Согласие на получение рекламы',
    document_link: '/api/documents/public/marketing',
    version: '1',
    required: false,
    effect: 'После отзыва рекламные сообщения прекращаются сразу.',
  },
];

export const PASSWORD_SETTINGS = {
  min_length: 8,
  max_length: 64,
  rules: ['Не совпадает с номером телефона'],
};

export function aClient(patch: Partial<Client> = {}): Client {
  return signedInClient(patch);
}

export function session(client: Client = aClient()) {
  return { data: { token: VALID_TOKEN, client } };
}

/**
 * The accounts calls of a test through the contract's table (test/api.ts):
 * `'POST /sms/send_una': answer` or `apiError(…)`. The settings calls answer by default; a call
 * nobody answers fails the test. Returns the calls made and `callsTo(route)`.
 */
export function mockAccountsApi(routes: MockRoutes) {
  return mockRoutes({
    'GET /registration/settings': { data: { consents: CONSENTS } },
    'GET /dashboard/passwordSettings': { data: PASSWORD_SETTINGS },
    ...routes,
  });
}

/**
 * Types into a masked input as a person does, from its first focus (which loads the mask, lazily:
 * the keys before it stay), and waits until the mask is on.
 */
export async function typeMasked(
  user: { type: (element: Element, text: string) => Promise<void> },
  input: HTMLInputElement,
  text: string,
): Promise<void> {
  await user.type(input, text);
  await waitFor(() => expect(input.inputmask).toBeDefined());
}
