import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { isScreenPath } from '@zaymo/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PrerenderedPage, type PageDataJson } from './prerendered-page';
import {
  looksLikeFile,
  notBuiltPage,
  notFound,
  pathOf,
  REVALIDATE,
  serveBuiltApp,
} from './static-app';

export interface SpaOptions {
  /** The built web app (apps/web/dist); may be missing in development. */
  distFolder: string;
  brand: string;
  /** The public data a prerendered page carries (services/public-answers.ts `pageDataOf`). */
  pageData?: (pagePath: string) => Promise<PageDataJson>;
}

/**
 * The pages the web build prerendered, path → file (apps/web/build/prerender.ts writes it): their
 * HTML carries the first paint. Any other screen path gets the empty index.html.
 */
const PRERENDERED_INDEX = 'prerendered/pages.json';

/** Paths the SPA never owns: unknown ones answer a JSON 404 instead of index.html. */
const SERVER_PREFIXES = ['/api', '/sandbox'];

/**
 * Serves the built SPA: files from dist (Vite's hashed /assets/* cached forever, the rest
 * revalidated; the build's brotli or gzip copy when the browser accepts it); a prerendered
 * page with its public data (prerendered-page.ts); index.html for every other GET that is not a
 * file — 200 for the screens of the contract's table, 404 for any other path (the SPA shows its
 * notFound screen) — and a JSON 404 for unknown /api and /sandbox paths. /index.html redirects
 * to / with its query.
 */
export async function registerSpa(app: FastifyInstance, options: SpaOptions): Promise<void> {
  const prerendered = prerenderedPages(options.distFolder);
  const { indexHtml } = await serveBuiltApp(app, {
    distFolder: options.distFolder,
    prefix: '/',
    owner: true,
  });
  const built = indexHtml !== null;
  app.get('/index.html', { schema: { hide: true } }, (request, reply) =>
    reply.redirect(`/${queryOf(request.url)}`, 301),
  );
  const pageData = async (request: FastifyRequest, pagePath: string) => {
    try {
      return (await options.pageData?.(pagePath)) ?? null;
    } catch (error) {
      request.log.warn({ err: error }, 'the page goes out without its data');
      return null;
    }
  };
  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!isSpaRoute(request)) return notFound(reply);
    if (!built) return reply.type('text/html; charset=utf-8').send(notBuiltWebPage(options.brand));
    const requestPath = pathOf(request.url);
    const status = isScreenPath(requestPath) ? 200 : 404;
    const page = prerendered[requestPath];
    if (page) return page.send(request, reply, status, await pageData(request, requestPath));
    return reply.code(status).header('cache-control', REVALIDATE).sendFile('index.html');
  };
  // `/` is a screen like the others, not the folder's index.html (it has a prerendered page).
  app.get('/', { schema: { hide: true } }, sendPage);
  app.setNotFoundHandler(sendPage);
}

function queryOf(url: string): string {
  const start = url.indexOf('?');
  return start < 0 ? '' : url.slice(start);
}

function isSpaRoute(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const requestPath = pathOf(request.url);
  const serverOwned = SERVER_PREFIXES.some(
    (prefix) => requestPath === prefix || requestPath.startsWith(`${prefix}/`),
  );
  return !serverOwned && !looksLikeFile(requestPath);
}

function notBuiltWebPage(brand: string): string {
  return notBuiltPage(
    brand,
    `<h1>Веб-приложение не собрано</h1>
<p>Соберите его командой <code>npm run build</code> и перезапустите сервер.</p>
<p>API работает: <a href="/api/health">/api/health</a>, документация — <a href="/api/docs">/api/docs</a>.</p>`,
  );
}

/** The build's prerendered pages whose file is there, by path; none for an older build. */
function prerenderedPages(distFolder: string): Record<string, PrerenderedPage> {
  const indexFile = path.join(distFolder, PRERENDERED_INDEX);
  if (!existsSync(indexFile)) return {};
  const listed = JSON.parse(readFileSync(indexFile, 'utf8')) as unknown;
  if (typeof listed !== 'object' || listed === null) return {};
  return Object.fromEntries(
    Object.entries(listed)
      .filter(
        (entry): entry is [string, string] =>
          typeof entry[1] === 'string' && existsSync(path.join(distFolder, entry[1])),
      )
      .map(([pagePath, file]) => [
        pagePath,
        new PrerenderedPage(readFileSync(path.join(distFolder, file), 'utf8')),
      ]),
  );
}
