import { PAGE_DATA_ELEMENT_ID, type PageData } from '@zaymo/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { COMPANY_SETTINGS } from '../../test/fixtures';

const PAGE_DATA: PageData = {
  settings: { data: { params: { ...COMPANY_SETTINGS, brand: 'Займо из страницы' } } },
};

/** A page with #app and the data block the server puts in. */
function pageWithBlock(text: string): void {
  document.body.innerHTML = `<div id="app"></div><script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${text}</script>`;
}

/** The module afresh: it reads the page's block once. */
async function freshPageData() {
  vi.resetModules();
  return import('./page-data');
}

describe('takePageAnswer', () => {
  beforeEach(() => pageWithBlock(JSON.stringify(PAGE_DATA)));

  it('hands each answer of the block out once: later calls fetch', async () => {
    const { takePageAnswer } = await freshPageData();
    expect(takePageAnswer('settings')).toEqual(PAGE_DATA.settings);
    expect(takePageAnswer('settings')).toBeUndefined();
    expect(takePageAnswer('defaultTariffs')).toBeUndefined();
  });

  it('hands out nothing from a damaged block or a page without one', async () => {
    pageWithBlock('{"settings": {"data"');
    expect((await freshPageData()).takePageAnswer('settings')).toBeUndefined();
    document.body.innerHTML = '<div id="app"></div>';
    expect((await freshPageData()).takePageAnswer('settings')).toBeUndefined();
  });
});
