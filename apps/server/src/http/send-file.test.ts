import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { contentDisposition, sendFile, UNTRUSTED_FILE_POLICY } from './send-file';

describe('sendFile', () => {
  it('names a plain file in quotes, and a Russian one also as filename* (RFC 5987)', () => {
    expect(contentDisposition('inline', 'individual_terms.pdf')).toBe(
      'inline; filename="individual_terms.pdf"',
    );
    expect(contentDisposition('attachment', 'договор (1).pdf')).toBe(
      'attachment; filename="_________1_.pdf"; ' +
        "filename*=UTF-8''%D0%B4%D0%BE%D0%B3%D0%BE%D0%B2%D0%BE%D1%80%20%281%29.pdf",
    );
    expect(contentDisposition('inline', 'a"b\r\n.pdf')).toBe(
      `inline; filename="a_b__.pdf"; filename*=UTF-8''a%22b%0D%0A.pdf`,
    );
  });

  it('answers the bytes with the type, no sniffing and the cache it was given', async () => {
    const app = Fastify();
    const bytes = Buffer.from('%PDF-1.7');
    app.get('/private', (_request, reply) =>
      sendFile(reply, { bytes, contentType: 'application/pdf', fileName: 'a.pdf' }),
    );
    app.get('/public', (_request, reply) =>
      sendFile(reply, {
        bytes,
        contentType: 'application/pdf',
        fileName: 'b.pdf',
        cache: 'public',
      }),
    );
    app.get('/upload', (_request, reply) =>
      sendFile(reply, {
        bytes,
        contentType: 'image/png',
        fileName: 'c.png',
        disposition: 'attachment',
        untrusted: true,
      }),
    );
    const own = await app.inject('/private');
    expect(own.rawPayload.equals(bytes)).toBe(true);
    expect(own.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-disposition': 'inline; filename="a.pdf"',
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
    });
    expect(own.headers['content-security-policy']).toBeUndefined();
    expect((await app.inject('/public')).headers['cache-control']).toBe('public, max-age=3600');
    const upload = await app.inject('/upload');
    expect(upload.headers['content-disposition']).toBe('attachment; filename="c.png"');
    expect(upload.headers['content-security-policy']).toBe(UNTRUSTED_FILE_POLICY);
    await app.close();
  });
});
