import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES } from '../errors';
import { serverPackageRoot } from '../paths';

/** The operator console's address: the server's own, beside the cabinet (issue 16). */
export const CRM_PREFIX = '/crm';

export interface CrmStaticOptions {
  /** The built console (apps/crm/dist); may be missing in development. */
  distFolder?: string;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

export function crmDistFolder(): string {
  return path.join(serverPackageRoot(), '..', 'crm', 'dist');
}

/**
 * Serves the built operator console under /crm: its files (Vite's hashed /crm/assets/* cached
 * forever, the rest revalidated; the build's brotli or gzip copy when the browser accepts it),
 * and its index.html for /crm and every other /crm/… path that is not a file (the console routes
 * in the browser; a path it does not know shows its own «Страница не найдена»). A missing file
 * is a JSON 404, never the cabinet's page. The files are listed once at start (a new build is
 * served after a restart, as the cabinet's prerendered pages are).
 */
export async function registerCrmStatic(
  app: FastifyInstance,
  options: CrmStaticOptions = {},
): Promise<void> {
  const distFolder = options.distFolder ?? crmDistFolder();
  const indexFile = path.join(distFolder, 'index.html');
  const indexHtml = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;
  if (indexHtml !== null) {
    await app.register(fastifyStatic, {
      root: distFolder,
      prefix: `${CRM_PREFIX}/`,
      // A route per file, so /crm/* below answers every other path with the console's page.
      wildcard: false,
      // The cabinet's registration (static-spa.ts) owns reply.sendFile.
      decorateReply: false,
      preCompressed: true,
      index: false,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        const hashed = path.relative(distFolder, filePath).startsWith(`assets${path.sep}`);
        reply.header('cache-control', hashed ? IMMUTABLE : REVALIDATE);
      },
    });
  }
  const sendPage = (request: FastifyRequest, reply: FastifyReply) => {
    if (looksLikeFile(request.url)) {
      return reply.code(404).send({ code: 'NOT_FOUND', message: ERROR_CODES.NOT_FOUND.message });
    }
    reply.header('cache-control', REVALIDATE).type('text/html; charset=utf-8');
    return reply.send(indexHtml ?? NOT_BUILT_PAGE);
  };
  app.get(CRM_PREFIX, { schema: { hide: true } }, sendPage);
  app.get(`${CRM_PREFIX}/*`, { schema: { hide: true } }, sendPage);
}

/** «/crm/assets/missing.js»: a missing file is a 404, not the console's HTML. */
function looksLikeFile(url: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  const lastSegment = pathname.split('/').pop() ?? '';
  return /\.[a-z0-9]+$/i.test(lastSegment);
}

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="ru">
<head><meta charset="utf-8"><title>Консоль сотрудника</title></head>
<body>
<h1>Консоль сотрудника не собрана</h1>
<p>Соберите её командой <code>npm run build</code> и перезапустите сервер.</p>
</body>
</html>
`;
