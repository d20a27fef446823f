import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ERROR_CODES } from '../errors';

/**
 * What serving a built web app takes, the cabinet's (static-spa.ts) and the console's
 * (static-crm.ts) alike: its files, the page that says it is not built, and the JSON 404 of a
 * missing file.
 */

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

export interface BuiltApp {
  /** The build's index.html, or null when the app is not built (development). */
  indexHtml: string | null;
}

export interface StaticAppOptions {
  /** The build folder (`dist`). */
  distFolder: string;
  /** Where its files are served (`/`, `/crm/`). */
  prefix: string;
  /**
   * Whether this registration owns `reply.sendFile` (one per server) and answers every path
   * under the prefix itself (its own not-found handler); false: a route per file, so the app
   * answers its other paths with its page.
   */
  owner: boolean;
}

/**
 * Serves the build's files: Vite's hashed `assets/*` cached for a year, the rest revalidated, the
 * build's brotli or gzip copy when the browser accepts it. Nothing is served when the app is not
 * built. The files are listed once at start: a new build is served after a restart.
 */
export async function serveBuiltApp(
  app: FastifyInstance,
  options: StaticAppOptions,
): Promise<BuiltApp> {
  const indexFile = path.join(options.distFolder, 'index.html');
  if (!existsSync(indexFile)) return { indexHtml: null };
  await app.register(fastifyStatic, {
    root: options.distFolder,
    prefix: options.prefix,
    ...(options.owner ? {} : { wildcard: false, decorateReply: false }),
    preCompressed: true,
    index: false,
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      const hashed = path.relative(options.distFolder, filePath).startsWith(`assets${path.sep}`);
      reply.header('cache-control', hashed ? IMMUTABLE : REVALIDATE);
    },
  });
  return { indexHtml: readFileSync(indexFile, 'utf8') };
}

/** The address without its query. */
export function pathOf(url: string): string {
  const start = url.indexOf('?');
  return start < 0 ? url : url.slice(0, start);
}

/** «/assets/app.js», «/favicon.ico»: a missing file is a 404, not the app's HTML. */
export function looksLikeFile(url: string): boolean {
  const lastSegment = pathOf(url).split('/').pop() ?? '';
  return /\.[a-z0-9]+$/i.test(lastSegment);
}

export function notFound(reply: FastifyReply) {
  return reply.code(404).send({ code: 'NOT_FOUND', message: ERROR_CODES.NOT_FOUND.message });
}

/** The page an app that is not built answers with (`body`: what it is and how to build it). */
export function notBuiltPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="ru">
<head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body>
${body}
</body>
</html>
`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
