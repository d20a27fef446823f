import { expect, type Page } from '@playwright/test';
import { z } from 'zod';
import { authOf, expectOk } from './api';
import { expectNoAxeViolations } from './axe';
import { bindCardOnIdentityStep } from './cards';
import { fillIdentityByApi } from './identity';
import { approvedOrder } from './orders';
import { signUpClient, TOKEN_STORAGE_KEY, type TestClient } from './session';

/**
 * What the operator journeys start from: a client with the identity steps done, a card bound and
 * an approved order not yet signed, and an operator link to that client's cabinet.
 */

const linkSchema = z.object({ data: z.object({ url: z.string() }) });

/** The client, made through the API (the card through the gateway's page); the page is signed in. */
export async function clientWithApprovedOrder(page: Page): Promise<TestClient> {
  const client = await signUpClient(page.request);
  await page.goto('/dev/test');
  await expect(page.getByTestId('server-clock')).toBeVisible();
  await expectNoAxeViolations(page, 'песочница /dev/test');
  await page.evaluate(([key, token]) => localStorage.setItem(key, token), [
    TOKEN_STORAGE_KEY,
    client.token,
  ] as const);
  await fillIdentityByApi(page, {
    surname: 'Одобренов',
    name: 'Пётр',
    patronymic: 'Иванович',
    gender: 'MALE',
  });
  await bindCardOnIdentityStep(page);
  await approvedOrder(page.request, await authOf(page));
  return client;
}

/** «?from_crm=true&token=…» of a new operator link (the sandbox's /api/dev/operator-link). */
export async function operatorLinkQuery(
  page: Page,
  client: TestClient,
  operator = 'Петрова А.',
): Promise<string> {
  const answer = await page.request.post('/api/dev/operator-link', {
    data: { phone: client.phone, operator },
  });
  await expectOk(answer);
  return new URL(linkSchema.parse(await answer.json()).data.url).search;
}
