import { z } from 'zod';

/** Every error answer of the API: a Russian message the client can act on. */
export const errorResponseSchema = z.object({ message: z.string() });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** Money on the wire: a decimal string of roubles with kopecks, «12345.67». */
export const moneyStringSchema = z.string().regex(/^-?\d+\.\d{2}$/);
