import { z } from 'zod';

/** GET /dev/ping — answers only in sandbox mode (404 otherwise). */
export const devPingResponseSchema = z.object({ sandbox: z.literal(true) });
export type DevPingResponse = z.infer<typeof devPingResponseSchema>;
