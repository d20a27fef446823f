import {
  apiErrorMessage,
  isRussianMessage,
  type PlainApiErrorCode,
  type ValidationErrorResponse,
} from '@zaymo/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { isDatabaseUnavailable } from '../db/unavailable';
import { ERROR_CODES, codeForStatus, isAppError, type ErrorCode } from '../errors';

export interface ErrorAnswer {
  status: number;
  body: ValidationErrorResponse & { retry_after?: number };
  headers: Record<string, string>;
  /** Our fault (5xx): logged at error level with the whole error; otherwise a short info line. */
  unexpected: boolean;
  errorCode: ErrorCode;
}

interface ValidationIssue {
  instancePath: string;
  message?: string;
}

/** Turns anything thrown into the status and Russian body the client gets. Never leaks internals. */
export function toErrorAnswer(error: unknown): ErrorAnswer {
  if (isAppError(error)) {
    const retryAfter = error.retryAfterSeconds;
    return {
      status: error.status,
      body: withoutUndefined({
        code: error.code,
        message: error.message,
        fields: error.fields,
        retry_after: retryAfter,
      }),
      headers: retryAfter === undefined ? {} : { 'retry-after': String(retryAfter) },
      unexpected: error.status >= 500,
      errorCode: error.code,
    };
  }
  const validation = validationIssues(error);
  if (validation) return answerFor('VALIDATION', { fields: fieldMessages(validation) });
  // An outage, not a bug: the client hears «try later», and nginx keeps the instance in rotation.
  if (isDatabaseUnavailable(error)) return databaseUnavailable();
  const status = clientErrorStatus(error);
  if (status !== null) return { ...answerFor(codeForStatus(status)), status };
  return answerFor('INTERNAL');
}

function answerFor(
  code: PlainApiErrorCode,
  extra: { fields?: Record<string, string> } = {},
): ErrorAnswer {
  const { status } = ERROR_CODES[code];
  const message = apiErrorMessage(code);
  const fields = extra.fields && Object.keys(extra.fields).length > 0 ? extra.fields : undefined;
  return {
    status,
    body: withoutUndefined({ code, message, fields }),
    headers: {},
    unexpected: status >= 500,
    errorCode: code,
  };
}

/** A failover takes seconds: the client (and its retry policy) tries again after that. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

function databaseUnavailable(): ErrorAnswer {
  const answer = answerFor('SERVICE_UNAVAILABLE');
  return {
    ...answer,
    body: { ...answer.body, retry_after: DATABASE_RETRY_AFTER_SECONDS },
    headers: { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) },
  };
}

function validationIssues(error: unknown): ValidationIssue[] | null {
  const validation = (error as Partial<FastifyError> | null)?.validation;
  return Array.isArray(validation) ? validation : null;
}

const FALLBACK_FIELD_MESSAGE = 'Проверьте значение поля';

/** «/passport/number» → «passport.number»; the first message per field wins. */
function fieldMessages(issues: ValidationIssue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.instancePath.split('/').filter(Boolean).join('.');
    if (!field || field in fields) continue;
    const message = issue.message ?? '';
    fields[field] = isRussianMessage(message) ? message : FALLBACK_FIELD_MESSAGE;
  }
  return fields;
}

/** A framework error that blames the request (bad JSON, too large, wrong media type). */
function clientErrorStatus(error: unknown): number | null {
  const status = (error as Partial<FastifyError> | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : null;
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const answer = toErrorAnswer(error);
    if (answer.unexpected) request.log.error({ err: error }, 'unexpected error');
    else
      request.log.info({ errorCode: answer.errorCode, status: answer.status }, 'request refused');
    return reply.code(answer.status).headers(answer.headers).send(answer.body);
  });
}
