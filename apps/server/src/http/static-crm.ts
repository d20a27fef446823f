import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { serverPackageRoot } from '../paths';
import { looksLikeFile, notBuiltPage, notFound, REVALIDATE, serveBuiltApp } from './static-app';

/** The operator console's address: the server's own, beside the cabinet. */
export const CRM_PREFIX = '/crm';

export interface CrmStaticOptions {
  /** The built console (apps/crm/dist); may be missing in development. */
  distFolder?: string;
}

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
  // A route per file (not the owner), so /crm/* below answers every other path with the page.
  const { indexHtml } = await serveBuiltApp(app, {
    distFolder,
    prefix: `${CRM_PREFIX}/`,
    owner: false,
  });
  const sendPage = (request: FastifyRequest, reply: FastifyReply) => {
    if (looksLikeFile(request.url)) return notFound(reply);
    reply.header('cache-control', REVALIDATE).type('text/html; charset=utf-8');
    return reply.send(indexHtml ?? NOT_BUILT_PAGE);
  };
  app.get(CRM_PREFIX, { schema: { hide: true } }, sendPage);
  app.get(`${CRM_PREFIX}/*`, { schema: { hide: true } }, sendPage);
}

const NOT_BUILT_PAGE = notBuiltPage(
  'Консоль сотрудника',
  `<h1>Консоль сотрудника не собрана</h1>
<p>Соберите её командой <code>npm run build</code> и перезапустите сервер.</p>`,
);
