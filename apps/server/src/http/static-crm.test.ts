import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCrmStatic } from './static-crm';
import { registerSpa } from './static-spa';

const CRM_PAGE = '<!doctype html><title>crm</title><div id="app"></div>';
const WEB_PAGE = '<!doctype html><title>web</title><div id="app"></div>';
const BUNDLE = `console.log(${JSON.stringify('консоль '.repeat(300))});`;

function writeFile(file: string, text: string | Buffer): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

describe('the operator console under /crm', () => {
  let folder: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    folder = mkdtempSync(path.join(tmpdir(), 'zaymo-crm-static-'));
    writeFile(path.join(folder, 'crm', 'index.html'), CRM_PAGE);
    writeFile(path.join(folder, 'crm', 'assets', 'index-AbC123.js'), BUNDLE);
    writeFile(
      path.join(folder, 'crm', 'assets', 'index-AbC123.js.br'),
      brotliCompressSync(Buffer.from(BUNDLE)),
    );
    writeFile(path.join(folder, 'web', 'index.html'), WEB_PAGE);
    app = Fastify();
    await registerCrmStatic(app, { distFolder: path.join(folder, 'crm') });
    await registerSpa(app, { distFolder: path.join(folder, 'web'), brand: 'Займо' });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('answers the console page, revalidated, for /crm and every path of the console', async () => {
    for (const url of ['/crm', '/crm/', '/crm/signin', '/crm/clients/42?tab=loans', '/crm/x/y']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.body, url).toBe(CRM_PAGE);
    }
  });

  it('serves hashed assets cached for a year, precompressed when the browser takes brotli', async () => {
    const response = await app.inject({
      url: '/crm/assets/index-AbC123.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-encoding']).toBe('br');
    const plain = await app.inject({ url: '/crm/assets/index-AbC123.js' });
    expect(plain.body).toBe(BUNDLE);
  });

  it('answers a missing console file with a JSON 404, not a page', async () => {
    const response = await app.inject({ url: '/crm/assets/gone-Zz9.js' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('leaves the cabinet its own pages, including paths that only start like the console', async () => {
    for (const url of ['/loan', '/crmx']) {
      const response = await app.inject({ url });
      expect(response.body, url).toBe(WEB_PAGE);
    }
  });

  it('says how to build the console when it is not built', async () => {
    const bare = Fastify();
    await registerCrmStatic(bare, { distFolder: path.join(folder, 'missing') });
    const response = await bare.inject({ url: '/crm/clients' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('npm run build');
    await bare.close();
  });
});
