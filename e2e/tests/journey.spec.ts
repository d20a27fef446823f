import type { Page } from '@playwright/test';
import { z } from 'zod';
import { authOf, expectOk } from '../support/api';
import { expectNoAxeViolations, expect, test } from '../support/test';
import { signedInClient, TOKEN_STORAGE_KEY } from '../support/session';

/**
 * The borrower's journey without a wrong turn, on a phone and a desktop. The server
 * runs without PUBLIC_URL and is opened at 127.0.0.1, so every link must come back here.
 */

const VIEWPORTS = [
  { name: 'телефон 390 px', width: 390, height: 844 },
  { name: 'компьютер 1366 px', width: 1366, height: 768 },
] as const;

const outboxSchema = z.object({ data: z.array(z.object({ body: z.string() })) });

/** Gives the signed-in client an e-mail and returns the confirmation link the server e-mailed. */
async function emailConfirmationLink(page: Page): Promise<URL> {
  const headers = await authOf(page);
  const email = `journey.${Date.now()}@example.com`;
  await expectOk(await page.request.patch('/api/clients/update', { headers, data: { email } }));
  await expectOk(await page.request.post('/api/clients/email/confirmation', { headers }));
  const outbox = outboxSchema.parse(
    await (await page.request.get('/api/dev/outbox', { params: { recipient: email } })).json(),
  );
  const link = /https?:\/\/\S+/.exec(outbox.data[0]?.body ?? '')?.[0];
  if (!link) throw new Error(`Нет письма со ссылкой для ${email}`);
  return new URL(link);
}

for (const viewport of VIEWPORTS) {
  test.describe(viewport.name, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('the e-mail link comes back to this address, signed in, and says the address is confirmed', async ({
      page,
      baseURL,
    }) => {
      await signedInClient(page);
      await page.goto('/person');
      await expect(page.getByTestId('client-badge')).toBeVisible();
      const link = await emailConfirmationLink(page);
      expect(link.origin).toBe(new URL(baseURL ?? '').origin);

      await page.goto(link.href);
      await expect(page).toHaveURL(/\/person$/);
      await expect(page.getByText('Адрес электронной почты подтверждён')).toBeVisible();
      await expect(page.getByTestId('client-badge')).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test('a guest opening the e-mail link is told on sign-in that the address is confirmed', async ({
      page,
    }) => {
      await signedInClient(page);
      await page.goto('/dev/test');
      await expect(page.getByTestId('server-clock')).toBeVisible();
      await expectNoAxeViolations(page);
      const link = await emailConfirmationLink(page);
      await page.evaluate((key) => localStorage.removeItem(key), TOKEN_STORAGE_KEY);
      await page.context().clearCookies();
      await page.addInitScript((key) => localStorage.removeItem(key), TOKEN_STORAGE_KEY);

      await page.goto(link.href);
      await expect(page).toHaveURL(/\/signin\?redirect=%2Fperson$/);
      await expect(page.getByText('Адрес электронной почты подтверждён')).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test('a client who was not refused never sees the decline page', async ({ page }) => {
      await signedInClient(page);
      await page.goto('/profile/declineOrder');
      await expect(page).toHaveURL(/\/loan$/);
      await expect(page.getByText('Заявка отклонена')).toHaveCount(0);
      await expectNoAxeViolations(page);
    });

    test('an unknown address answers 404 with the not-found screen; the site has a favicon', async ({
      page,
    }) => {
      const answer = await page.goto('/no/such/page');
      expect(answer?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Страница не найдена');
      await expectNoAxeViolations(page);
      const known = await page.goto('/signin');
      expect(known?.status()).toBe(200);
      const icon = await page.request.get('/favicon.ico');
      expect(icon.status()).toBe(200);
      expect(icon.headers()['content-type']).toMatch(/icon/);
      expect((await icon.body()).subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0]));
    });
  });
}
