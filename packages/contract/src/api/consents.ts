import { z } from 'zod';

/**
 * The client's consents (152-FZ art. 9 as amended by 156-FZ of 24.06.2025): each is a document
 * of its own, given and withdrawn one by one; every change is a new record.
 */

export const CONSENT_STATES = ['given', 'withdrawn', 'not_given'] as const;
export type ConsentState = (typeof CONSENT_STATES)[number];

export const clientConsentSchema = z.object({
  code: z.string(),
  title: z.string(),
  /** The current edition's document (GET /{link}). */
  document_link: z.string(),
  /** The edition now in force. */
  current_version: z.string(),
  /** The edition the client gave, or null if never given. */
  given_version: z.string().nullable(),
  state: z.enum(CONSENT_STATES),
  /** When the latest consent was given (ISO), or null. */
  given_at: z.string().nullable(),
  /** When it was withdrawn (ISO), or null while it stands. */
  withdrawn_at: z.string().nullable(),
  /** Whether the cabinet may withdraw it (the optional ones). */
  withdrawable: z.boolean(),
  /** What the consent allows, and what refusing or withdrawing it stops, in Russian. */
  effect: z.string(),
});
export type ClientConsent = z.infer<typeof clientConsentSchema>;

/** GET /clients/consents and the answer to a withdrawal or a consent given */
export const clientConsentsResponseSchema = z.object({
  data: z.object({ consents: z.array(clientConsentSchema) }),
});

export const consentCodeParamsSchema = z.object({
  consent: z.string().regex(/^[a-z_]{1,32}$/, 'Неизвестное согласие'),
});
