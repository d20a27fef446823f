import type { Socket } from 'node:net';
import { API_ERRORS, type ApiErrorCode } from '@zaymo/contract';
import type { FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';

/**
 * Errors Fastify and Node answer before any route or error handler runs: a path
 * parameter over the router's limit (414), a URL that does not decode (400) and a request head
 * too large to parse (431). They get the same Russian `{ code, message }` as every other error,
 * and nothing of the request is echoed back.
 */
export const URI_TOO_LONG_MESSAGE = API_ERRORS.URI_TOO_LONG.message;
export const BAD_URL_MESSAGE = 'Некорректный адрес запроса';
export const HEADERS_TOO_LARGE_MESSAGE = API_ERRORS.HEADERS_TOO_LARGE.message;
export const CLIENT_ERROR_MESSAGE = 'Некорректный запрос';
export const CLIENT_TIMEOUT_MESSAGE = API_ERRORS.REQUEST_TIMEOUT.message;

export const frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (
  error: { code?: string },
  _request: FastifyRequest,
  reply: FastifyReply,
) => {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  void reply
    .code(tooLong ? 414 : 400)
    .send(
      tooLong
        ? { code: 'URI_TOO_LONG', message: URI_TOO_LONG_MESSAGE }
        : { code: 'BAD_REQUEST', message: BAD_URL_MESSAGE },
    );
};

/** Node's parser failed, so there is no request object: the answer is written to the socket. */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, code, message]: [number, string, ApiErrorCode, string] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', 'HEADERS_TOO_LARGE', HEADERS_TOO_LARGE_MESSAGE]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', 'REQUEST_TIMEOUT', CLIENT_TIMEOUT_MESSAGE]
        : [400, 'Bad Request', 'BAD_REQUEST', CLIENT_ERROR_MESSAGE];
  const body = JSON.stringify({ code, message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
