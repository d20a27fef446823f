import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
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

/** What a reader of the PDF sees (poppler's pdftotext), squeezed to single spaces. */
export function pdfTextOf(pdf: Buffer): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'zaymo-e2e-')), 'document.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' })
    .replace(/\s+/g, ' ')
    .trim();
}
