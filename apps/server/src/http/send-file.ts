import type { FastifyReply } from 'fastify';

/** Files the client uploaded (photos, ticket attachments): no script, no frame, no plugin. */
export const UNTRUSTED_FILE_POLICY = "default-src 'none'; sandbox";

export interface SentFile {
  readonly bytes: Buffer;
  readonly contentType: string;
  /** The name the browser saves it under; non-ASCII names go in filename* (RFC 5987). */
  readonly fileName: string;
  /** inline (shown in the tab) by default; attachment to download. */
  readonly disposition?: 'inline' | 'attachment';
  /** public: the same bytes for everyone (registration documents), cached an hour; private otherwise. */
  readonly cache?: 'public' | 'private';
  /** Bytes someone uploaded: sandboxed by CSP, so nothing in them runs on our origin. */
  readonly untrusted?: boolean;
}

const PLAIN_NAME = /^[\w.-]+$/;

/**
 * Content-Disposition (RFC 6266): a quoted ASCII name for old clients, and with a name that is
 * not plain ASCII also `filename*=UTF-8''…` (RFC 5987), which every current browser prefers.
 */
export function contentDisposition(disposition: 'inline' | 'attachment', fileName: string): string {
  if (PLAIN_NAME.test(fileName)) return `${disposition}; filename="${fileName}"`;
  const fallback = fileName.replace(/[^\w.-]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** The one way a route answers with a file: type, name, no sniffing, the cache it may use. */
export function sendFile(reply: FastifyReply, file: SentFile): FastifyReply {
  reply
    .type(file.contentType)
    .header('content-disposition', contentDisposition(file.disposition ?? 'inline', file.fileName))
    .header('x-content-type-options', 'nosniff')
    .header(
      'cache-control',
      file.cache === 'public' ? 'public, max-age=3600' : 'private, no-store',
    );
  if (file.untrusted) reply.header('content-security-policy', UNTRUSTED_FILE_POLICY);
  return reply.send(file.bytes);
}

/** A PDF of ours, named after its kind: «individual_terms.pdf». */
export function pdfFile(kind: string, bytes: Buffer): SentFile {
  return { bytes, contentType: 'application/pdf', fileName: `${kind}.pdf` };
}
