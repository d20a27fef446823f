import { z } from 'zod';
import { API_ERROR_CODES } from './errors';

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
