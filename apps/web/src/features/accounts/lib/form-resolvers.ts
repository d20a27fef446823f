import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { loginRequestSchema, phoneSchema, smsCodeSchema } from '@zaymo/contract';

/**
 * The schemas of the forms on the sign-in screen, imported on their first validation
 * (lib/lazy-resolver.ts): the screen mounts without zod. Import only types from here statically.
 */
export const phoneFormSchema = z.object({ phone: phoneSchema });
export const codeEntrySchema = z.object({ code: smsCodeSchema });

export const signinPasswordResolver = zodResolver(loginRequestSchema);
export const phoneFormResolver = zodResolver(phoneFormSchema);
export const codeEntryResolver = zodResolver(codeEntrySchema);
