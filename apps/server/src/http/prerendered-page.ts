import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import { PAGE_DATA_ELEMENT_ID } from '@zaymo/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { holdsAnswer } from './public-answer';
import { REVALIDATE } from './static-app';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** A prerendered page's data (services/public-answers.ts `pageDataOf`): JSON and its version. */
export type PageDataJson = { json: string; version: string };

type Variant = { html: string; etag: string; br: Buffer; gzip: Buffer };

/**
 * One prerendered page of the web build (`/`, `/signin`) served with the public data its first
 * screen shows in a JSON data block (contract's PageData), so the app renders it with no call of
 * its own. The page is composed and compressed once per version of that data and kept in memory;
 * without data (its answers failed) the page goes out as built and the app asks itself.
 */
export class PrerenderedPage {
  private latest: { version: string | null; variant: Promise<Variant> } | null = null;

  constructor(private readonly html: string) {}

  async send(
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    data: PageDataJson | null,
  ): Promise<FastifyReply> {
    const variant = await this.variant(data);
    reply.code(status).header('cache-control', REVALIDATE).header('etag', variant.etag);
    reply.header('vary', 'accept-encoding').type('text/html; charset=utf-8');
    if (status === 200 && holdsAnswer(request.headers['if-none-match'], variant.etag))
      return reply.code(304).send();
    const encoding = negotiate(request.headers['accept-encoding'] ?? '', ['br', 'gzip']);
    if (!encoding) return reply.send(variant.html);
    return reply.header('content-encoding', encoding).send(variant[encoding]);
  }

  private variant(data: PageDataJson | null): Promise<Variant> {
    const version = data?.version ?? null;
    if (this.latest?.version !== version) {
      const variant = composeVariant(withPageData(this.html, data?.json ?? null));
      this.latest = { version, variant };
      variant.catch(() => {
        if (this.latest?.variant === variant) this.latest = null;
      });
    }
    return this.latest.variant;
  }
}

/**
 * The data block goes just before `</body>`, parsed before any of the page's scripts runs. `<` is
 * escaped inside the JSON (`\u003c`, the same string to JSON.parse), so no text of the data can
 * close the block or open a comment.
 */
function withPageData(html: string, json: string | null): string {
  if (json === null) return html;
  const block = `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${json.replace(/</g, '\\u003c')}</script>`;
  const end = html.lastIndexOf('</body>');
  return end < 0 ? html + block : html.slice(0, end) + block + html.slice(end);
}

async function composeVariant(html: string): Promise<Variant> {
  const digest = createHash('sha256').update(html).digest('base64url').slice(0, 22);
  const [br, gzip] = await Promise.all([
    brotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
    gzipped(html, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  // Weak: the same page goes out brotli, gzip or plain.
  return { html, etag: `W/"${digest}"`, br, gzip };
}
