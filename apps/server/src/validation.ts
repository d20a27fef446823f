import type { z } from 'zod';

/**
 * A request part that failed its zod schema, shaped like Fastify's own validation errors, so the
 * one error handler answers it the same way: 400 `{ message, fields }` with the Russian messages.
 * For bodies whose schema depends on something else in the request (PATCH /clients/update?step=N).
 */
export class RequestValidationError extends Error {
  override name = 'RequestValidationError';
  readonly statusCode = 400;
  readonly validation: { instancePath: string; message: string }[];

  constructor(error: z.ZodError) {
    super('Request validation failed');
    this.validation = error.issues.map((issue) => ({
      instancePath: `/${issue.path.map(String).join('/')}`,
      message: issue.message,
    }));
  }
}

/** The parsed value, or a RequestValidationError (400 with a message per field). */
export function parseRequestPart<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new RequestValidationError(result.error);
  return result.data;
}
