import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { PageData } from '@zaymo/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tariffs } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { tariffIds } from './orders-helpers';

const INDEX_HTML = '<!doctype html><html lang="ru"><div id="app"></div></html>';

/** A file the build compressed: its .br and .gz copies lie beside it. */
const PRECOMPRESSED = `<!doctype html><html lang="ru">${'<p>Займо</p>'.repeat(200)}</html>`;

async function makeWebBuild(): Promise<string> {
  const dist = await mkdtemp(path.join(os.tmpdir(), 'zaymo-web-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'assets', 'index-3f9a1c.js'), 'console.log(1)');
  await writeFile(path.join(dist, 'robots.txt'), 'User-agent: *');
  await writeWithCompressedCopies(path.join(dist, 'index.html'), INDEX_HTML);
  await writeWithCompressedCopies(path.join(dist, 'assets', 'bundle-77aa01.js'), PRECOMPRESSED);
  return dist;
}

async function writeWithCompressedCopies(file: string, text: string): Promise<void> {
  await writeFile(file, text);
  await writeFile(`${file}.br`, brotliCompressSync(text));
  await writeFile(`${file}.gz`, gzipSync(text));
}

describe('the built SPA', () => {
  let testApp: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = await makeWebBuild();
    testApp = await createTestApp({ webDistFolder: webDist });
  });
  afterAll(async () => {
    await testApp.close();
    await rm(webDist, { recursive: true, force: true });
  });

  const get = (url: string) => testApp.app.inject({ method: 'GET', url });

  it('serves index.html at / without caching it', async () => {
    const response = await get('/?from_crm=true&token=abc');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(INDEX_HTML);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('redirects /index.html to / and keeps the query string', async () => {
    const response = await get('/index.html?utm_source=sms&x=1');
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/?utm_source=sms&x=1');
    expect((await get('/index.html')).headers.location).toBe('/');
  });

  it('sends the brotli or gzip copy of a built file to a browser that accepts it', async () => {
    const get = (url: string, encoding: string) =>
      testApp.app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
    const brotli = await get('/assets/bundle-77aa01.js', 'gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.rawPayload).toEqual(brotliCompressSync(PRECOMPRESSED));
    const gzip = await get('/assets/bundle-77aa01.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(PRECOMPRESSED);
    const plain = await get('/assets/bundle-77aa01.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(PRECOMPRESSED);
    const page = await get('/loan', 'gzip');
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(gunzipSync(page.rawPayload).toString()).toBe(INDEX_HTML);
  });

  it('compresses API answers above the threshold, and not the small ones', async () => {
    const headers = { 'accept-encoding': 'gzip' };
    const large = await testApp.app.inject({ method: 'GET', url: '/api/openapi.json', headers });
    expect(large.headers['content-encoding']).toBe('gzip');
    expect(large.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(gunzipSync(large.rawPayload).toString())).toHaveProperty('paths');
    const small = await testApp.app.inject({ method: 'GET', url: '/api/health', headers });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ status: 'ok' });
  });

  it('answers the screens of the route table with index.html', async () => {
    for (const url of ['/loan', '/profile/identity', '/email/reset?token=t', '/tickets/new/']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(INDEX_HTML);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('answers an unknown path with the app (its notFound screen) and HTTP 404', async () => {
    for (const url of ['/no/such/page', '/loans', '/profile', '/cards/1?x=1']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).toBe(INDEX_HTML);
    }
  });

  it('caches hashed assets forever and other files with revalidation', async () => {
    const asset = await get('/assets/index-3f9a1c.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const robots = await get('/robots.txt');
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['cache-control']).toBe('no-cache');
  });

  it('answers 404, not the app, for a missing file and for unknown server paths', async () => {
    for (const url of [
      '/assets/missing-123.js',
      '/favicon-missing.ico',
      '/api/nothing',
      '/sandbox/nothing',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ code: 'NOT_FOUND', message: 'Не найдено' });
    }
  });

  it('puts security headers on pages, assets, API answers and errors', async () => {
    for (const url of ['/', '/loan', '/assets/index-3f9a1c.js', '/api/health', '/api/nothing']) {
      const { headers } = await get(url);
      expect(headers['x-content-type-options'], url).toBe('nosniff');
      expect(headers['x-frame-options'], url).toBe('DENY');
      expect(headers['referrer-policy'], url).toBe('no-referrer');
      expect(headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
    }
  });
});

describe('without a web build', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  it('explains in Russian that the web app is not built, and the API still works', async () => {
    const page = await testApp.app.inject({ method: 'GET', url: '/loan' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('Веб-приложение не собрано');
    const health = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
  });
});

/** The JSON data block a prerendered page carries (contract's PageData). */
const PAGE_DATA_BLOCK = /<script type="application\/json" id="page-data">(.*?)<\/script>/;

function pageDataIn(html: string): PageData {
  const block = PAGE_DATA_BLOCK.exec(html)?.[1];
  if (!block) throw new Error('the page carries no data block');
  return JSON.parse(block) as PageData;
}

function withoutPageData(html: string): string {
  return html.replace(PAGE_DATA_BLOCK, '');
}

describe('the prerendered pages of the web build', () => {
  const HOME = '<!doctype html><html lang="ru"><div id="app"><h1>Займы онлайн</h1></div></html>';
  const SIGNIN = `<!doctype html><html lang="ru"><div id="app">${'<h1>Вход</h1>'.repeat(100)}</div></html>`;
  let testApp: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = await makeWebBuild();
    await mkdir(path.join(webDist, 'prerendered'));
    await writeFile(path.join(webDist, 'prerendered', 'home.html'), HOME);
    await writeWithCompressedCopies(path.join(webDist, 'prerendered', 'signin.html'), SIGNIN);
    // What apps/web/build/prerender.ts writes beside the pages.
    await writeFile(
      path.join(webDist, 'prerendered', 'pages.json'),
      JSON.stringify({ '/': 'prerendered/home.html', '/signin': 'prerendered/signin.html' }),
    );
    testApp = await createTestApp({ webDistFolder: webDist });
  });
  afterAll(async () => {
    await testApp.close();
    await rm(webDist, { recursive: true, force: true });
  });

  const get = (url: string, encoding = 'identity') =>
    testApp.app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });

  it('answers / and /signin with their own page, unhashed and revalidated', async () => {
    const home = await get('/?utm_source=sms');
    expect(home.statusCode).toBe(200);
    expect(withoutPageData(home.body)).toBe(HOME);
    expect(home.headers['cache-control']).toBe('no-cache');
    const signin = await get('/signin', 'gzip');
    expect(signin.statusCode).toBe(200);
    expect(signin.headers['content-encoding']).toBe('gzip');
    expect(signin.headers.vary).toMatch(/accept-encoding/i);
    const signinPage = gunzipSync(signin.rawPayload).toString();
    expect(withoutPageData(signinPage)).toBe(SIGNIN);
    const brotli = await get('/signin', 'gzip, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(signinPage);
    expect((await get('/signin', 'br;q=0, gzip;q=0')).body).toBe(signinPage);
  });

  it('carries the answers of the calls its first screen makes, as those calls give them', async () => {
    const home = pageDataIn((await get('/')).body);
    expect(home.settings).toEqual((await get('/api/settings/get')).json());
    expect(home.defaultTariffs).toEqual((await get('/api/tariff/default')).json());
    const signin = pageDataIn((await get('/signin')).body);
    expect(signin.settings).toEqual(home.settings);
    expect(signin).not.toHaveProperty('defaultTariffs');
  });

  it('answers 304 to a browser holding the page, and a new page when its data changes', async () => {
    const first = await get('/');
    const etag = String(first.headers.etag);
    expect(
      (await testApp.app.inject({ url: '/', headers: { 'if-none-match': etag } })).statusCode,
    ).toBe(304);
    const { first: tariffId } = await tariffIds(testApp);
    await testApp.ctx.db
      .update(tariffs)
      .set({ maxSum: 2_000_000n })
      .where(eq(tariffs.id, tariffId));
    const changed = await get('/');
    expect(changed.headers.etag).not.toBe(etag);
    expect(pageDataIn(changed.body).defaultTariffs).toEqual(
      (await get('/api/tariff/default')).json(),
    );
    expect(pageDataIn(changed.body).defaultTariffs).not.toEqual(
      pageDataIn(first.body).defaultTariffs,
    );
  });

  it('gives every other screen the empty index.html', async () => {
    const loans = await get('/loan');
    expect(loans.statusCode).toBe(200);
    expect(loans.body).toBe(INDEX_HTML);
    const unknown = await get('/no-such-page');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toBe(INDEX_HTML);
  });
});

describe('the data a prerendered page carries, written by an operator', () => {
  const ADDRESS = 'г. Москва, ул. Тверская, 1 </script><script>alert(1)</script><!--';
  let testApp: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = await makeWebBuild();
    await mkdir(path.join(webDist, 'prerendered'));
    await writeFile(
      path.join(webDist, 'prerendered', 'home.html'),
      '<html><body><div id="app"></div></body></html>',
    );
    await writeFile(
      path.join(webDist, 'prerendered', 'pages.json'),
      JSON.stringify({ '/': 'prerendered/home.html' }),
    );
    testApp = await createTestApp({ webDistFolder: webDist, env: { COMPANY_ADDRESS: ADDRESS } });
  });
  afterAll(async () => {
    await testApp.close();
    await rm(webDist, { recursive: true, force: true });
  });

  it('cannot close the block or open a comment, and reads back as written', async () => {
    const page = (await testApp.app.inject({ url: '/' })).body;
    expect(page).not.toContain('<script>alert');
    expect(page).not.toContain('<!--');
    expect(page.match(/<\/script>/g)).toHaveLength(1);
    expect(page).toMatch(/<\/script><\/body><\/html>$/);
    expect(pageDataIn(page).settings.data.params.address).toBe(ADDRESS);
  });
});
