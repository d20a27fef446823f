import { z } from 'zod';
import { IDENTIFICATION_LEVELS } from '../identification';
import { clientSchema } from './accounts';

/**
 * Госуслуги (ЕСИА): sign-in, sign-up and the questionnaire from a confirmed account, and the
 * biometric «prove it's you» (ЕБС). The browser goes to ЕСИА at the address POST /esia/start
 * answers and comes back to /social/callback, which hands what it got to POST /esia/return.
 */

export const ESIA_PURPOSES = ['signin', 'signup', 'link', 'biometrics'] as const;
export type EsiaPurpose = (typeof ESIA_PURPOSES)[number];

/** POST /esia/start — signin and signup for a guest; link and biometrics for a client. */
export const esiaStartRequestSchema = z.object({
  purpose: z.enum(ESIA_PURPOSES, { error: 'Неизвестное действие' }),
});
export const esiaStartResponseSchema = z.object({ data: z.object({ url: z.string() }) });

/** POST /esia/return — the query ЕСИА (or ЕБС) sent the browser back with. */
export const esiaReturnRequestSchema = z.object({
  state: z.string().min(1).max(128),
  code: z.string().max(4096).optional(),
  error: z.string().max(128).optional(),
  error_description: z.string().max(1024).optional(),
});
export type EsiaReturnRequest = z.infer<typeof esiaReturnRequestSchema>;

/** The identity steps Госуслуги fill. */
export const ESIA_STEPS = ['personal', 'passport', 'addresses'] as const;
export type EsiaStep = (typeof ESIA_STEPS)[number];

export const esiaReturnResponseSchema = z.object({
  data: z.discriminatedUnion('outcome', [
    /** An account linked to this Госуслуги: a session, as a sign-in answers. */
    z.object({ outcome: z.literal('signed_in'), token: z.string().min(28), client: clientSchema }),
    /**
     * No account yet: the data wait (30 minutes) for the phone, which the client confirms by SMS
     * and POST /clients/create with `esia_ticket`.
     */
    z.object({
      outcome: z.literal('signup'),
      esia_ticket: z.string(),
      /** The mobile phone Госуслуги know, to offer; the client may enter another. */
      phone: z.string().nullable(),
      full_name: z.string(),
    }),
    /** Linked from /person: the steps whose entered data differ from Госуслуги's. */
    z.object({ outcome: z.literal('linked'), mismatches: z.array(z.enum(ESIA_STEPS)) }),
    z.object({ outcome: z.literal('biometrics'), passed: z.boolean(), message: z.string() }),
  ]),
});
export type EsiaReturnResponse = z.infer<typeof esiaReturnResponseSchema>;

/** POST /esia/resolve — take Госуслуги's data for a step whose entered data differ. */
export const esiaResolveRequestSchema = z.object({
  step: z.enum(ESIA_STEPS, { error: 'Неизвестный шаг анкеты' }),
});

export const identificationLevelSchema = z.enum(IDENTIFICATION_LEVELS);

/** A field whose entered value differs from Госуслуги's, both as a person reads them. */
export const esiaDifferenceSchema = z.object({
  field: z.string(),
  esia: z.string(),
  entered: z.string(),
});

/**
 * A step against Госуслуги: none — no data from them; confirmed — the step is theirs and locked;
 * mismatch — the entered data differ and stay until the client takes Госуслуги's.
 */
export const esiaStepStatusSchema = z.object({
  state: z.enum(['none', 'confirmed', 'mismatch']),
  differences: z.array(esiaDifferenceSchema),
});
export type EsiaStepStatus = z.infer<typeof esiaStepStatusSchema>;

/** Part of GET /clients/profile: Госуслуги, the identification level and the law's rule. */
export const esiaProfileSchema = z.object({
  /** Госуслуги are connected (the sandbox or the real ЕСИА). */
  available: z.boolean(),
  linked: z.boolean(),
  identification_level: identificationLevelSchema,
  /** A biometric provider is connected. */
  biometrics_available: z.boolean(),
  /** Today an online loan needs ЕСИА and biometrics (41-ФЗ), and the date it started to. */
  biometric_required: z.boolean(),
  biometric_required_from: z.string().nullable(),
  steps: z.object({
    personal: esiaStepStatusSchema,
    passport: esiaStepStatusSchema,
    addresses: esiaStepStatusSchema,
  }),
});
export type EsiaProfile = z.infer<typeof esiaProfileSchema>;
