import { DrizzleQueryError } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  pino,
  type Bindings,
  type ChildLoggerOptions,
  type DestinationStream,
  type Logger,
} from 'pino';
import type { LogLevel } from './config';

export const REDACTED = '[REDACTED]';

/** Query parameters that carry secrets: the CRM link is `/?from_crm=true&token=…`. */
export const SENSITIVE_QUERY_PARAMS: ReadonlySet<string> = new Set([
  'token',
  'access_token',
  'code',
  'sms_code',
  'asp_code',
  'password',
  'pan',
  'card',
  'card_number',
  'cvc',
  'cvv',
  'client_secret',
  'code_verifier',
]);

/**
 * Object paths that must never reach a log line, should someone log a body or headers. `code` is
 * redacted only at the top level: error codes live in `errorCode`, and `err.code` (a PostgreSQL
 * error code) stays readable.
 */
const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'authorization',
  'cookie',
  'token',
  'code',
  'smsCode',
  'sms_code',
  'asp_code',
  'password',
  'pan',
  'card_number',
  'cvc',
  'cvv',
  '*.token',
  '*.smsCode',
  '*.sms_code',
  '*.asp_code',
  '*.password',
  '*.current_password',
  '*.pan',
  '*.card_number',
  '*.cvc',
  '*.cvv',
  'access_token',
  'id_token',
  '*.access_token',
  '*.id_token',
  '*.esia_ticket',
];

/** The request URL with secret query values replaced, for logs only. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart < 0) return url;
  const params = url
    .slice(queryStart + 1)
    .split('&')
    .map(redactQueryParam);
  return `${url.slice(0, queryStart)}?${params.join('&')}`;
}

function redactQueryParam(param: string): string {
  const [rawName = '', ...rest] = param.split('=');
  if (rest.length === 0) return param;
  const name = safeDecode(rawName).toLowerCase();
  return SENSITIVE_QUERY_PARAMS.has(name) ? `${rawName}=${REDACTED}` : param;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

interface LoggableRequest {
  method?: string;
  url?: string;
  ip?: string;
  id?: string;
  socket?: { remoteAddress?: string | undefined } | null;
}

/** Only what a log reader needs; headers (Authorization, Cookie) are never serialized. */
function serializeRequest(request: LoggableRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: request.url === undefined ? undefined : redactUrl(request.url),
    remoteAddress: request.ip ?? request.socket?.remoteAddress,
  };
}

function serializeResponse(reply: { statusCode?: number }): Record<string, unknown> {
  return { statusCode: reply.statusCode };
}

const MAX_CAUSE_DEPTH = 3;

/**
 * Errors without the values bound to a query: a failed query keeps its SQL (for us) but not its
 * parameters, and PostgreSQL's `detail` («Key (phone)=(+7…) already exists») is dropped.
 */
export function serializeError(error: unknown, depth = 0): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields = error as Error & Record<string, unknown>;
  const message =
    error instanceof DrizzleQueryError ? `Failed query: ${error.query}` : error.message;
  return {
    type: error.name,
    message,
    stack: stackFrames(error.stack),
    code: typeof fields.code === 'string' ? fields.code : undefined,
    constraint: fields.constraint,
    table: fields.table,
    cause:
      error.cause !== undefined && depth < MAX_CAUSE_DEPTH
        ? serializeError(error.cause, depth + 1)
        : undefined,
  };
}

/** The "at …" lines only: the first lines of a stack repeat the message. */
function stackFrames(stack: string | undefined): string | undefined {
  if (!stack) return undefined;
  const framesStart = stack.indexOf('\n    at ');
  return framesStart < 0 ? undefined : stack.slice(framesStart + 1);
}

export function createLogger(level: LogLevel, stream?: DestinationStream): Logger {
  return pino(
    {
      level,
      redact: { paths: REDACT_PATHS, censor: REDACTED },
      serializers: { req: serializeRequest, res: serializeResponse, err: serializeError },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    // Synchronous, so the last lines before process.exit (a crash, a signal) are not lost.
    stream ?? pino.destination({ dest: 1, sync: true }),
  );
}

type LogLevelName = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type LogArguments = Parameters<Logger['info']>;

/**
 * A request's logger (Fastify's `childLoggerFactory`): pino's child with the request id, made
 * when the request first writes a line at an enabled level. Making it serializes the bindings
 * through the redaction, a cost every request would pay at `LOG_LEVEL=error` for lines never
 * written.
 */
class LazyChildLogger implements FastifyBaseLogger {
  readonly #parent: Logger;
  readonly #bindings: Bindings;
  #child: Logger | null = null;

  constructor(parent: Logger, bindings: Bindings) {
    this.#parent = parent;
    this.#bindings = bindings;
  }

  get level(): string {
    return (this.#child ?? this.#parent).level;
  }

  set level(level: string) {
    this.#real().level = level;
  }

  fatal(...args: LogArguments): void {
    this.#write('fatal', args);
  }
  error(...args: LogArguments): void {
    this.#write('error', args);
  }
  warn(...args: LogArguments): void {
    this.#write('warn', args);
  }
  info(...args: LogArguments): void {
    this.#write('info', args);
  }
  debug(...args: LogArguments): void {
    this.#write('debug', args);
  }
  trace(...args: LogArguments): void {
    this.#write('trace', args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#real().child(bindings, options);
  }

  #write(level: LogLevelName, args: LogArguments): void {
    if (!(this.#child ?? this.#parent).isLevelEnabled(level)) return;
    this.#real()[level](...args);
  }

  #real(): Logger {
    return (this.#child ??= this.#parent.child(this.#bindings));
  }
}

function isPino(logger: FastifyBaseLogger): logger is Logger {
  return typeof (logger as Partial<Logger>).isLevelEnabled === 'function';
}

/**
 * Fastify's factory of request loggers: lazy, unless the route asks for options of its own (a
 * level, serializers), which pino's child then takes at once.
 */
export function requestLogger(
  parent: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  if (Object.keys(options).length > 0 || !isPino(parent)) return parent.child(bindings, options);
  return new LazyChildLogger(parent, bindings);
}

/** Security-relevant events, one structured line each: `{ security: 'login_failed', … }`. */
const SECURITY_EVENT_LEVELS = {
  login_succeeded: 'info',
  login_failed: 'warn',
  code_failed: 'warn',
  auth_failed: 'info',
  access_denied: 'warn',
  payment_notification_rejected: 'warn',
  payment_notification_mismatch: 'warn',
  operator_access: 'info',
  operator_denied: 'warn',
  session_issued: 'info',
  session_revoked: 'info',
  signup_succeeded: 'info',
  code_sent: 'info',
  rate_limited: 'warn',
  link_failed: 'warn',
  email_link_sent: 'info',
  email_confirmed: 'info',
  password_changed: 'info',
  password_reset: 'info',
  phone_changed: 'info',
  operator_link_issued: 'info',
  esia_refused: 'warn',
  esia_linked: 'info',
  esia_unlinked: 'info',
  biometric_checked: 'info',
} as const satisfies Record<string, 'info' | 'warn'>;

export type SecurityEvent = keyof typeof SECURITY_EVENT_LEVELS;

export function securityEvent(
  log: FastifyBaseLogger,
  event: SecurityEvent,
  fields: Record<string, unknown> = {},
): void {
  const level = SECURITY_EVENT_LEVELS[event];
  log[level]({ ...fields, security: event }, `security: ${event}`);
}
