import { expect, type Page } from '@playwright/test';
import { TOKEN_STORAGE_KEY } from './session';

export type Auth = { authorization: string };

/** The bearer header of the client signed in in this page. */
export async function authOf(page: Page): Promise<Auth> {
  const token = await page.evaluate((key) => localStorage.getItem(key), TOKEN_STORAGE_KEY);
  if (!token) throw new Error('Нет токена сессии');
  return { authorization: `Bearer ${token}` };
}

/** Fails with the call and the server's answer, not just «expected true». */
export async function expectOk(answer: {
  ok(): boolean;
  url(): string;
  status(): number;
  text(): Promise<string>;
}): Promise<void> {
  expect(answer.ok(), `${answer.url()} → ${answer.status()} ${await answer.text()}`).toBe(true);
}
