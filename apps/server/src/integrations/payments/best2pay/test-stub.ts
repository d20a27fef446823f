import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * Test helper, used by the *.test.ts files next to it: a local HTTP server standing in for the
 * gateway. It records each request (form fields parsed) and answers what the test sets per path.
 */

export interface StubRequest {
  readonly method: string;
  readonly path: string;
  readonly contentType: string;
  readonly form: URLSearchParams;
}

export interface StubReply {
  readonly status?: number;
  readonly body: string;
  readonly delayMs?: number;
}

export type StubHandler = (request: StubRequest) => StubReply;

export interface GatewayStub {
  readonly baseUrl: string;
  readonly requests: StubRequest[];
  on(path: string, handler: StubHandler): void;
  reset(): void;
  close(): Promise<void>;
}

/** The documented signature, spelled out: base64 of the md5 hex of the concatenation. */
export function signatureOf(concatenated: string): string {
  const hex = createHash('md5').update(concatenated, 'utf8').digest('hex');
  return Buffer.from(hex).toString('base64');
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

export async function startGatewayStub(): Promise<GatewayStub> {
  const requests: StubRequest[] = [];
  const handlers = new Map<string, StubHandler>();
  const server: Server = createServer((request, response) => {
    void readBody(request).then((text) => {
      const url = new URL(request.url ?? '/', 'http://stub');
      const recorded: StubRequest = {
        method: request.method ?? '',
        path: url.pathname,
        contentType: request.headers['content-type'] ?? '',
        form: new URLSearchParams(text),
      };
      requests.push(recorded);
      const handler = handlers.get(url.pathname);
      const reply = handler ? handler(recorded) : { status: 404, body: 'no handler' };
      setTimeout(() => {
        response.writeHead(reply.status ?? 200, { 'Content-Type': 'text/xml; charset=UTF-8' });
        response.end(reply.body);
      }, reply.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/sandbox/best2pay`,
    requests,
    on: (path, handler) => handlers.set(`/sandbox/best2pay/${path}`, handler),
    reset: () => {
      requests.length = 0;
      handlers.clear();
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
