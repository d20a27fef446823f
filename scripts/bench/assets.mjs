// What the browser downloads: compression headers, and the JS and CSS of a page.
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

/** The same flags as e2e/playwright.config.ts. */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
];

/** Goal 1: encodings and cache headers of a built file, the page, and a large API answer. */
export async function compressionFigures(origin) {
  const page = await fetch(`${origin}/`, { headers: { 'accept-encoding': 'br' } });
  const html = await fetch(`${origin}/`).then((response) => response.text());
  const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  const asset = await fetch(`${origin}${script}`, { headers: { 'accept-encoding': 'br, gzip' } });
  const gzipAsset = await fetch(`${origin}${script}`, { headers: { 'accept-encoding': 'gzip' } });
  const api = await fetch(`${origin}/api/openapi.json`, { headers: { 'accept-encoding': 'gzip' } });
  const small = await fetch(`${origin}/api/health`, { headers: { 'accept-encoding': 'gzip' } });
  const describe = (response) =>
    `${response.headers.get('content-encoding') ?? 'none'}, vary ${response.headers.get('vary') ?? '—'}, ` +
    `cache-control ${response.headers.get('cache-control') ?? '—'}`;
  return [
    {
      what: `${script} (br accepted)`,
      result: describe(asset),
      target: 'br + Vary + immutable',
      ok:
        asset.headers.get('content-encoding') === 'br' &&
        /accept-encoding/i.test(asset.headers.get('vary') ?? '') &&
        /immutable/.test(asset.headers.get('cache-control') ?? ''),
    },
    {
      what: `${script} (gzip accepted)`,
      result: describe(gzipAsset),
      target: 'gzip',
      ok: gzipAsset.headers.get('content-encoding') === 'gzip',
    },
    {
      what: '/ (index.html)',
      result: describe(page),
      target: 'br + no-cache',
      ok:
        page.headers.get('content-encoding') === 'br' &&
        page.headers.get('cache-control') === 'no-cache',
    },
    {
      what: '/api/openapi.json (large JSON)',
      result: describe(api),
      target: 'gzip',
      ok: api.headers.get('content-encoding') === 'gzip',
    },
    {
      what: '/api/health (below 1 KiB)',
      result: describe(small),
      target: 'none',
      ok: !small.headers.get('content-encoding'),
    },
  ];
}

/**
 * Every script and stylesheet a page loads until the network is idle: raw, gzipped, as sent
 * (encoded), and whether the HTML itself asks for it (entry, module preloads, stylesheets) or
 * the app fetched it later (lazy chunks of the first screen); and the HTML as sent.
 */
export async function pageAssets(origin, pathname) {
  const html = await fetch(`${origin}${pathname}`).then((response) => response.text());
  const initial = new Set(
    [...html.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map(
      (match) => match[1],
    ),
  );
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    const page = await browser.newPage();
    const pending = [];
    let document = null;
    page.on('response', (response) => {
      const type = response.request().resourceType();
      if (type === 'document') document = measure(response, type, initial);
      if (type !== 'script' && type !== 'stylesheet') return;
      pending.push(measure(response, type, initial));
    });
    await page.goto(`${origin}${pathname}`, { waitUntil: 'networkidle' });
    // A response may still arrive while the first ones are measured.
    let measured = 0;
    while (measured < pending.length) {
      measured = pending.length;
      await Promise.all(pending);
    }
    return { assets: await Promise.all(pending), html: await document };
  } finally {
    await browser.close();
  }
}

async function measure(response, type, initial) {
  const body = await response.body().catch(() => Buffer.alloc(0));
  const sizes = await response
    .request()
    .sizes()
    .catch(() => ({ responseBodySize: 0 }));
  const url = new URL(response.url()).pathname;
  return {
    type,
    url,
    initial: initial.has(url),
    raw: body.length,
    gzip: gzipSync(body).length,
    transferred: sizes.responseBodySize,
  };
}

/**
 * The packages (and our source folders) bundled into the initial JS, from the source maps of
 * the files the HTML asks for: what the first page holds, e.g. whether zod is still in it.
 */
export async function initialContents(origin, scriptUrls) {
  const packages = new Map();
  for (const url of scriptUrls) {
    const response = await fetch(`${origin}${url}.map`);
    if (!response.ok) continue;
    const { sources = [], sourcesContent = [] } = await response.json();
    sources.forEach((source, index) => {
      const name = packageOf(source);
      packages.set(name, (packages.get(name) ?? 0) + (sourcesContent[index]?.length ?? 0));
    });
  }
  return [...packages]
    .sort((a, b) => b[1] - a[1])
    .map(([name, sourceBytes]) => ({ name, sourceBytes }));
}

function packageOf(source) {
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (inModules) return inModules[1];
  const ours = /(apps\/web\/src|packages\/contract\/src)\/([^/]+)/.exec(source);
  return ours ? `${ours[1]}/${ours[2]}` : source.replace(/^(\.\.\/)+/, '');
}
