import type { Page } from '@playwright/test';
import { authOf } from './api';
import { bindCardOnIdentityStep } from './cards';
import { APPROVED_PERSON, fillIdentityByApi } from './identity';
import { paidOutOrder } from './orders';
import { signUpClient, useSession } from './session';
import { expect, expectNoAxeViolations } from './test';

/**
 * A signed-in client with a loan of 10 000 ₽ for 30 days paid out today to a card bound on the
 * sandbox page (the sandbox page /dev/test checked on the way), with the insurances ticked, if any.
 */
export async function clientWithLoan(page: Page, insuranceIds?: readonly number[]) {
  const client = await signUpClient(page.request);
  await useSession(page, client);
  await page.goto('/dev/test');
  await expect(page.getByTestId('server-clock')).toBeVisible();
  await expectNoAxeViolations(page, 'песочница /dev/test');
  await fillIdentityByApi(page, APPROVED_PERSON);
  await bindCardOnIdentityStep(page);
  const order = await paidOutOrder(page.request, await authOf(page), client.phone, insuranceIds);
  return { ...order, phone: client.phone };
}
