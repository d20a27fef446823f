import { z } from 'zod';
import { safeText } from '../common';

/**
 * The operator console's staff. Paths are relative to /api, all under /crm; a staff
 * token (prefix `crm_`) opens only /crm routes and a client token never does.
 *
 * Roles nest: an operator reads clients and opens their cabinet; a collector can do everything an
 * operator can plus the overdue queue and its contacts; risk can do everything a collector can
 * (plus the manual-review queue and approving a collector's waiver); an admin can do everything
 * (staff accounts, tariffs, the audit log).
 */
export const STAFF_ROLES = ['operator', 'collector', 'risk', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const staffRoleSchema = z.enum(STAFF_ROLES, { error: 'Выберите роль сотрудника' });

export const STAFF_ROLE_TITLES: Readonly<Record<StaffRole, string>> = {
  operator: 'Оператор',
  collector: 'Взыскатель',
  risk: 'Риск-менеджер',
  admin: 'Администратор',
};

/** Whether `role` includes everything `required` may do (operator ⊂ collector ⊂ risk ⊂ admin). */
export function roleIncludes(role: StaffRole, required: StaffRole): boolean {
  return STAFF_ROLES.indexOf(role) >= STAFF_ROLES.indexOf(required);
}

/** The minimum length of a staff password (besides the common strength check). */
export const STAFF_PASSWORD_MIN_LENGTH = 12;

/** A staff login: latin letters, digits, dot, dash, underscore; compared lower-case. */
export const staffLoginSchema = z
  .string({ error: 'Укажите логин' })
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9._-]{3,64}$/, 'Логин — от 3 до 64 латинских букв, цифр, точек, дефисов');

/** The staff member as the console shows them (header, audit). */
export const staffSchema = z.object({
  id: z.number().int(),
  login: z.string(),
  name: z.string(),
  role: staffRoleSchema,
});
export type Staff = z.infer<typeof staffSchema>;

// ── Sign-in: password, then TOTP ─────────────────────────────────────────────────────────────────

/** POST /crm/auth/password */
export const crmPasswordRequestSchema = z.object({
  login: staffLoginSchema,
  password: z.string({ error: 'Укажите пароль' }).min(1, 'Укажите пароль').max(256),
});
export type CrmPasswordRequest = z.infer<typeof crmPasswordRequestSchema>;

/**
 * A right password: a short-lived sign-in ticket for the second step. `totp: 'enroll'` on the
 * first sign-in: `enrollment` carries the new secret (scan `qr_svg` or type `secret` into an
 * authenticator app); the first right code enrolls it. `'verify'`: the app's code is asked for.
 */
export const crmPasswordResponseSchema = z.object({
  data: z.object({
    ticket: z.string().min(28),
    /** ISO time the ticket stops working. */
    expires_at: z.string(),
    totp: z.enum(['verify', 'enroll']),
    enrollment: z
      .object({
        /** Base32, as an authenticator app takes it by hand. */
        secret: z.string(),
        otpauth_url: z.string(),
        /** An SVG image of the otpauth QR code (inline it or use as an <img> data URL). */
        qr_svg: z.string(),
      })
      .optional(),
  }),
});
export type CrmPasswordResponse = z.infer<typeof crmPasswordResponseSchema>;

/** POST /crm/auth/totp */
export const crmTotpRequestSchema = z.object({
  ticket: z.string({ error: 'Войдите заново' }).min(20).max(200),
  code: z
    .string({ error: 'Укажите код из приложения' })
    .trim()
    .regex(/^\d{6}$/, 'Код из приложения — 6 цифр'),
});
export type CrmTotpRequest = z.infer<typeof crmTotpRequestSchema>;

/**
 * A staff session: send `Authorization: Bearer <token>` to every /crm call. It ends after
 * CRM_SESSION_IDLE_MINUTES without calls or CRM_SESSION_MAX_HOURS after sign-in (401 then).
 */
export const crmSessionResponseSchema = z.object({
  data: z.object({
    token: z.string().min(28),
    /** ISO time of the absolute end of the session. */
    expires_at: z.string(),
    staff: staffSchema,
  }),
});
export type CrmSessionResponse = z.infer<typeof crmSessionResponseSchema>;

export const CRM_SESSION_IDLE_MINUTES = 30;
export const CRM_SESSION_MAX_HOURS = 8;

/** GET /crm/me */
export const crmMeResponseSchema = z.object({ data: z.object({ staff: staffSchema }) });
export type CrmMeResponse = z.infer<typeof crmMeResponseSchema>;

// ── Staff accounts (admin) ───────────────────────────────────────────────────────────────────────

export const staffMemberSchema = staffSchema.extend({
  /** Whether the second factor is set up (false until the first sign-in). */
  totp_enrolled: z.boolean(),
  /** ISO; null while the account works. */
  blocked_at: z.string().nullable(),
  created_at: z.string(),
  last_sign_in_at: z.string().nullable(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

/** GET /crm/staff */
export const staffListResponseSchema = z.object({
  data: z.object({ staff: z.array(staffMemberSchema) }),
});
export type StaffListResponse = z.infer<typeof staffListResponseSchema>;

/** POST /crm/staff — the password is checked for strength (400 with `fields.password`). */
export const createStaffRequestSchema = z.object({
  login: staffLoginSchema,
  name: safeText({ error: 'Укажите имя сотрудника' })
    .trim()
    .min(2, 'Укажите имя сотрудника')
    .max(100, 'Имя — не длиннее 100 символов'),
  role: staffRoleSchema,
  password: z
    .string({ error: 'Укажите пароль' })
    .min(STAFF_PASSWORD_MIN_LENGTH, `Пароль — не короче ${STAFF_PASSWORD_MIN_LENGTH} символов`)
    .max(256, 'Пароль — не длиннее 256 символов'),
});
export type CreateStaffRequest = z.infer<typeof createStaffRequestSchema>;

export const staffIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });

/** POST /crm/staff and POST /crm/staff/:id/block */
export const staffMemberResponseSchema = z.object({
  data: z.object({ staff: staffMemberSchema }),
});
export type StaffMemberResponse = z.infer<typeof staffMemberResponseSchema>;

/**
 * GET /dev/crm-demo — sandbox only: the demo admin seeded at start-up, so /dev/test, the e2e and
 * the console's sign-in page (in sandbox) can sign in. 404 in production.
 */
export const crmDemoResponseSchema = z.object({
  data: z.object({
    login: z.string(),
    password: z.string(),
    totp_secret: z.string(),
    /** The code an authenticator app with that secret shows now, so a tester needs no phone. */
    current_code: z.string(),
  }),
});
export type CrmDemoResponse = z.infer<typeof crmDemoResponseSchema>;
