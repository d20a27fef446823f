import type { Page } from '@playwright/test';
import { expect } from './test';

/**
 * A document the app opens as a PDF in a new tab (`open` clicks its button): the tab shows the
 * blob the app fetched with the session. Answers the tab.
 */
export async function pdfOpenedInNewTab(page: Page, open: () => Promise<void>): Promise<Page> {
  const tab = page.waitForEvent('popup');
  await open();
  const pdf = await tab;
  await expect.poll(() => pdf.url()).toMatch(/^blob:/);
  return pdf;
}
