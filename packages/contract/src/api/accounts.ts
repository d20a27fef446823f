import { z } from 'zod';
import { normalizeRussianPhone } from '../phone';

/**
 * Accounts: sign-up, sign-in, SMS codes, sessions, passwords, e-mail, phone confirmation.
 * Paths are relative to /api. Answers wrap their payload in `data` as the spec's calls do.
 */

// ── Shared field rules ─────────────────────────────────────────────────────────────────────────

/** A Russian mobile number; the parsed value is always «+79XXXXXXXXX». */
export const phoneSchema = z
  .string({ error: 'Укажите номер телефона' })
  .max(32, 'Слишком длинный номер телефона')
  .transform((value, context) => {
    const phone = normalizeRussianPhone(value);
    if (!phone) {
      context.addIssue({
        code: 'custom',
        message: 'Укажите российский мобильный номер: +7 9XX XXX-XX-XX',
      });
      return z.NEVER;
    }
    return phone;
  });

export const SMS_CODE_LENGTH = 6;
export const smsCodeSchema = z
  .string({ error: 'Введите код из SMS' })
  .regex(/^\d{6}$/, 'Код из SMS — 6 цифр');

/** Password policy defaults; the server's answer to GET /dashboard/passwordSettings is the truth. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const passwordSchema = z
  .string({ error: 'Введите пароль' })
  .min(PASSWORD_MIN_LENGTH, `Пароль — не короче ${PASSWORD_MIN_LENGTH} символов`)
  .max(PASSWORD_MAX_LENGTH, `Пароль — не длиннее ${PASSWORD_MAX_LENGTH} символов`);

export const emailSchema = z
  .string({ error: 'Укажите e-mail' })
  .trim()
  .max(254, 'Слишком длинный e-mail')
  .pipe(z.email('Проверьте e-mail: например, ivanov@mail.ru'));

/** What an SMS code may be used for; a code works only for its phone and its purpose. */
export const SMS_PURPOSES = ['signup', 'signin', 'reset', 'phone_change', 'sign'] as const;
export const smsPurposeSchema = z.enum(SMS_PURPOSES, { error: 'Неизвестное назначение кода' });
export type SmsPurpose = z.infer<typeof smsPurposeSchema>;

// ── Client ─────────────────────────────────────────────────────────────────────────────────────

export const clientSchema = z.object({
  id: z.number().int(),
  phone: z.string(),
  phone_confirmed: z.boolean(),
  email: z.string().nullable(),
  email_confirmed: z.boolean(),
  has_password: z.boolean(),
  surname: z.string().nullable(),
  name: z.string().nullable(),
  patronymic: z.string().nullable(),
  /** Identity step the client is on; null before the steps start. */
  step: z.number().int().nullable(),
  /** True when this session is an operator's (CRM mode). */
  is_operator_session: z.boolean(),
  operator_name: z.string().nullable(),
  created_at: z.string(),
});
export type Client = z.infer<typeof clientSchema>;

/** GET /clients */
export const getClientResponseSchema = z.object({ data: z.object({ client: clientSchema }) });

/** A successful sign-up or sign-in: a session token (> 27 characters) and the client. */
export const sessionResponseSchema = z.object({
  data: z.object({ token: z.string().min(28), client: clientSchema }),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

export const okResponseSchema = z.object({ data: z.object({ ok: z.literal(true) }) });

// ── Registration settings and consents ─────────────────────────────────────────────────────────

export const consentSchema = z.object({
  /** Stable code, e.g. personal_data, terms, bki, marketing. */
  code: z.string(),
  title: z.string(),
  document_link: z.string(),
  version: z.string(),
  required: z.boolean(),
  /** What the consent allows and what refusing it means, in Russian. */
  effect: z.string(),
});
export type Consent = z.infer<typeof consentSchema>;

/** GET /registration/settings */
export const registrationSettingsResponseSchema = z.object({
  data: z.object({ consents: z.array(consentSchema) }),
});

/** GET /dashboard/passwordSettings */
export const passwordSettingsSchema = z.object({
  min_length: z.number().int(),
  max_length: z.number().int(),
  /** Human-readable rules in Russian, shown next to password fields. */
  rules: z.array(z.string()),
});
export type PasswordSettings = z.infer<typeof passwordSettingsSchema>;
export const passwordSettingsResponseSchema = z.object({ data: passwordSettingsSchema });

// ── SMS codes ──────────────────────────────────────────────────────────────────────────────────

/** POST /sms/send_una — for a guest: sign-up, sign-in, reset. */
export const sendSmsGuestRequestSchema = z.object({
  phone: phoneSchema,
  purpose: z.enum(['signup', 'signin', 'reset'], { error: 'Неизвестное назначение кода' }),
});
/** POST /sms/send — for a signed-in client: phone change (to the new phone) or signing. */
export const sendSmsClientRequestSchema = z.object({
  purpose: z.enum(['phone_change', 'sign'], { error: 'Неизвестное назначение кода' }),
  /** The new phone for phone_change; the client's own phone otherwise. */
  phone: phoneSchema.optional(),
  /** For purpose sign: the order whose documents the code signs (required). */
  order_id: z.number().int().positive().optional(),
  /**
   * For purpose sign: the days of the prolongation whose additional agreement the code signs;
   * without it the code signs the order's contract.
   */
  prolongation: z.number().int().positive().optional(),
});
export type SendSmsClientRequest = z.infer<typeof sendSmsClientRequestSchema>;
export const smsSentResponseSchema = z.object({
  data: z.object({
    /** Seconds until another code may be requested. */
    resend_after: z.number().int(),
    /** Seconds the code stays valid. */
    expires_in: z.number().int(),
  }),
});
export type SmsSentResponse = z.infer<typeof smsSentResponseSchema>;

// ── Sign-up and sign-in ────────────────────────────────────────────────────────────────────────

/** Query parameters of the first visit (utm and others), from the cookies the shell stores. */
export const refererParamsSchema = z.record(z.string().max(64), z.string().max(512));

/** POST /clients/create */
export const createClientRequestSchema = z.object({
  phone: phoneSchema,
  code: smsCodeSchema,
  /** Codes of the consents the client accepted; every required consent must be present. */
  consents: z.array(z.string().max(64)).max(20),
  password: passwordSchema.optional(),
  referer: refererParamsSchema.optional(),
  /** From POST /esia/return (outcome signup): the questionnaire is filled from Госуслуги. */
  esia_ticket: z.string().min(16).max(256).optional(),
});

/** POST /clients/login — phone and password. */
export const loginRequestSchema = z.object({
  phone: phoneSchema,
  password: z.string({ error: 'Введите пароль' }).min(1, 'Введите пароль').max(1024),
});

/** PATCH /clients/verify_phone — sign in with phone and SMS code (purpose signin). */
export const verifyPhoneRequestSchema = z.object({ phone: phoneSchema, code: smsCodeSchema });

/** POST /clients/social/exchange — a one-time sign-in code issued by our own server. */
export const socialExchangeRequestSchema = z.object({
  code: z.string().min(16, 'Ссылка для входа недействительна').max(256),
});

/**
 * POST /clients/login-link — e-mails a sign-in link (/social/callback?code=…, 15 minutes) to the
 * confirmed e-mail of that phone.
 */
export const loginLinkRequestSchema = z.object({ phone: phoneSchema });
export const loginLinkResponseSchema = z.object({
  /**
   * The same sentence for every phone (no account enumeration): the letter goes only
   * when the phone has a confirmed e-mail, and the answer does not say which.
   */
  data: z.object({ message: z.string() }),
});

// ── Profile, password, e-mail ──────────────────────────────────────────────────────────────────

/** PATCH /clients/update — client fields (identity steps add theirs with `step`). */
export const updateClientRequestSchema = z
  .object({
    email: emailSchema.optional(),
    password: passwordSchema.optional(),
    /** Required to change an existing password. */
    current_password: z.string().max(1024).optional(),
  })
  .strict();

/** POST /clients/email/confirmation — sends the confirmation link to the client's e-mail. */
export const emailConfirmationSentResponseSchema = z.object({
  data: z.object({ email: z.string() }),
});
/** POST /clients/email/confirm — the token from the link. */
export const confirmEmailRequestSchema = z.object({ token: z.string().min(16).max(256) });

/** POST /clients/reset_by_email_url — sends a reset link to the e-mail of that phone. */
export const resetByEmailRequestSchema = z.object({ phone: phoneSchema });
export const resetByEmailResponseSchema = loginLinkResponseSchema;
/** POST /clients/confirm_reset — token from /email/reset?token=… and the new password. */
export const confirmResetRequestSchema = z.object({
  token: z.string().min(16, 'Ссылка недействительна').max(256),
  password: passwordSchema,
});

/** POST /clients/reset_by_sms — a new password with the SMS code sent for purpose «reset». */
export const resetBySmsRequestSchema = z.object({
  phone: phoneSchema,
  code: smsCodeSchema,
  password: passwordSchema,
});

/**
 * POST /clients/reset_by_sms/email_hint and …/email_link — the reset code proves the phone, then
 * the client may have the reset link sent to the masked e-mail instead.
 */
export const resetEmailByCodeRequestSchema = z.object({ phone: phoneSchema, code: smsCodeSchema });
export const resetEmailHintResponseSchema = z.object({
  /** «iv***@mail.ru», or null: no confirmed e-mail a link may go to. */
  data: z.object({ email_hint: z.string().nullable() }),
});
export const resetEmailLinkResponseSchema = loginLinkResponseSchema;

// ── Phone change ───────────────────────────────────────────────────────────────────────────────

/** POST /clients/{cid}/phone-confirmation/request — a code to the (new) phone. */
export const phoneConfirmationRequestSchema = z.object({ phone: phoneSchema });
/** PATCH /clients/{cid}/phone-confirmation/confirm */
export const phoneConfirmationConfirmSchema = z.object({ phone: phoneSchema, code: smsCodeSchema });
export const clientIdParamsSchema = z.object({
  cid: z.coerce.number({ error: 'Неверный номер клиента' }).int().positive(),
});

/** GET /clients/last_referer */
export const lastRefererResponseSchema = z.object({
  data: z.object({ params: refererParamsSchema, created_at: z.string().nullable() }),
});

// ── Sandbox outbox (GET /dev/outbox, sandbox mode only) ────────────────────────────────────────

export const outboxMessageSchema = z.object({
  id: z.number().int(),
  channel: z.enum(['sms', 'email']),
  recipient: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  created_at: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;
export const outboxResponseSchema = z.object({ data: z.array(outboxMessageSchema) });
export const outboxQuerySchema = z.object({
  recipient: z.string().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
