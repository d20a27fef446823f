import { z } from 'zod';
import { API_ERROR_CODES, API_ERRORS, type ApiErrorCode } from './errors';

/** The machine-readable reason of an error answer (`API_ERRORS` in ./errors). */
export const apiErrorCodeSchema = z.enum(API_ERROR_CODES);

/**
 * Every error answer of the API: a machine-readable `code` to branch on and a Russian message the
 * client can act on.
 */
export const errorResponseSchema = z.object({ code: apiErrorCodeSchema, message: z.string() });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/**
 * 400 for a request that does not match its schema: a general Russian message and, per field
 * (dotted path, e.g. «passport.number»), a Russian message to show under that field.
 */
export const validationErrorResponseSchema = z.object({
  code: apiErrorCodeSchema,
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ValidationErrorResponse = z.infer<typeof validationErrorResponseSchema>;

/** 429: how many seconds to wait before trying again. */
export const rateLimitedResponseSchema = z.object({
  code: apiErrorCodeSchema,
  message: z.string(),
  retry_after: z.number().int().optional(),
});
export type RateLimitedResponse = z.infer<typeof rateLimitedResponseSchema>;

const errorSchemasByStatus = {
  400: validationErrorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  413: errorResponseSchema,
  415: errorResponseSchema,
  422: errorResponseSchema,
  429: rateLimitedResponseSchema,
  500: errorResponseSchema,
  503: errorResponseSchema,
} as const;
export type ErrorStatus = keyof typeof errorSchemasByStatus;

/**
 * The error answers a call may give, to spread into its response schemas:
 * `{ 200: fooResponseSchema, ...errorResponses(400, 401, 404) }`.
 */
export function errorResponses<S extends ErrorStatus>(
  ...statuses: S[]
): Pick<typeof errorSchemasByStatus, S> {
  const picked: Partial<Record<ErrorStatus, z.ZodType>> = {};
  for (const status of statuses) picked[status] = errorSchemasByStatus[status];
  return picked as Pick<typeof errorSchemasByStatus, S>;
}

/** A refusal a call may give: its HTTP status, or its code (which names the status). */
export type ErrorListing = ErrorStatus | ApiErrorCode;

/**
 * The error answers of a call's listed refusals: one per status, and where codes are listed the
 * answer's description names them, so the OpenAPI document says which codes a call gives.
 */
export function errorResponsesFor(
  listings: readonly ErrorListing[],
): Partial<Record<ErrorStatus, z.ZodType>> {
  const codesByStatus = new Map<ErrorStatus, ApiErrorCode[]>();
  for (const listing of listings) {
    const status = typeof listing === 'number' ? listing : statusOf(listing);
    const codes = codesByStatus.get(status) ?? [];
    if (typeof listing === 'string') codes.push(listing);
    codesByStatus.set(status, codes);
  }
  const responses: Partial<Record<ErrorStatus, z.ZodType>> = {};
  for (const [status, codes] of codesByStatus) {
    const schema = errorSchemasByStatus[status];
    responses[status] = codes.length > 0 ? schema.describe(`Коды: ${codes.join(', ')}`) : schema;
  }
  return responses;
}

function statusOf(code: ApiErrorCode): ErrorStatus {
  const { status } = API_ERRORS[code];
  if (!Object.hasOwn(errorSchemasByStatus, status)) {
    throw new Error(`The code ${code} answers ${status}, which has no error schema`);
  }
  return status as ErrorStatus;
}

/** Money on the wire: a decimal string of roubles with kopecks, «12345.67». */
export const moneyStringSchema = z.string().regex(/^-?\d+\.\d{2}$/);

// ── Safe text ──────────────────────────────────────────────────────────────────────────────────

export const UNSAFE_TEXT_MESSAGE = 'Недопустимые символы';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** NUL and lone UTF-16 surrogates: PostgreSQL cannot store them, and no person types them. */
export function hasUnsafeCharacters(value: string): boolean {
  return value.includes('\u0000') || LONE_SURROGATE.test(value);
}

/**
 * The one schema of every free-text field: a string that refuses NUL bytes and lone
 * surrogates with «Недопустимые символы» under the field. Chain `.trim().min().max()` as usual.
 */
export function safeText(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine((value) => !hasUnsafeCharacters(value), UNSAFE_TEXT_MESSAGE);
}

// ── Numbers and dates within what the database holds ──────────────────────────────────────────

/** The largest value of a PostgreSQL `integer` column: ids of tariffs, insurances, partners. */
export const INT4_MAX = 2_147_483_647;

/** An id of a table whose key is a PostgreSQL `integer`. */
export function int4IdSchema(message = 'Неверный номер') {
  return z.number({ error: message }).int(message).positive(message).max(INT4_MAX, message);
}

/** The years a date of a request may name: anything a person or the company's records mean. */
export const DATE_YEARS = { min: 1900, max: 2999 } as const;
export const DATE_RANGE_MESSAGE = `Укажите дату между ${DATE_YEARS.min} и ${DATE_YEARS.max} годом`;

/** True for a real time within DATE_YEARS (an invalid Date is false). */
export function isTimeInRange(time: Date): boolean {
  const year = time.getUTCFullYear();
  return year >= DATE_YEARS.min && year <= DATE_YEARS.max;
}

/** A calendar date («2026-11-24», a real day) or an ISO time with its offset, within DATE_YEARS. */
export function dateOrTimeSchema() {
  return z.iso
    .date({ error: 'Проверьте дату' })
    .or(z.iso.datetime({ offset: true }))
    .refine(
      (value) => isTimeInRange(new Date(value.length === 10 ? `${value}T12:00:00Z` : value)),
      {
        error: DATE_RANGE_MESSAGE,
      },
    );
}

/** A file answer (a PDF, a CSV, an attachment): sent as bytes, described as binary in OpenAPI. */
export const fileBytesSchema = z
  .custom<Uint8Array>((value) => value instanceof Uint8Array)
  .meta({ type: 'string', format: 'binary' });
