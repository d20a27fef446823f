import { z } from 'zod';
import { emailSchema, getClientResponseSchema, updateClientRequestSchema } from './accounts';
import { safeText } from './common';
import { esiaProfileSchema } from './esia';

/**
 * Identity: the numbered steps a client fills after sign-up, and their photos.
 * PATCH /clients/update?step=N with the step's body saves step N; GET /clients/step tells where the
 * client is. The server refuses to skip ahead and validates every field again.
 */

export const MIN_CLIENT_AGE = 18;
export const MAX_CLIENT_AGE = 75;

export const PASSPORT_MASK = '99 99 999999';
export const DIVISION_CODE_MASK = '999-999';

const isoDateSchema = z
  .string({ error: 'Укажите дату' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Укажите дату в формате ДД.ММ.ГГГГ');

/** A name part: `what` names it for «Укажите …», `title` starts the other messages. */
const cyrillicNameSchema = (what: string, title: string) =>
  z
    .string({ error: `Укажите ${what}` })
    .trim()
    .min(1, `Укажите ${what}`)
    .max(64, `${title}: не длиннее 64 символов`)
    .regex(/^[А-ЯЁа-яё]+(?:[ -][А-ЯЁа-яё]+)*$/, `${title}: только русские буквы, пробел и дефис`);

export const GENDERS = ['MALE', 'FEMALE'] as const;
export const genderSchema = z.enum(GENDERS, { error: 'Укажите пол' });
export type Gender = z.infer<typeof genderSchema>;

// ── Step 1: personal data ──────────────────────────────────────────────────────────────────────

export const personalStepSchema = z
  .object({
    surname: cyrillicNameSchema('фамилию', 'Фамилия'),
    name: cyrillicNameSchema('имя', 'Имя'),
    /** Null together with no_patronymic = true. */
    patronymic: cyrillicNameSchema('отчество', 'Отчество').nullable(),
    no_patronymic: z.boolean().default(false),
    gender: genderSchema,
    /** YYYY-MM-DD; age 18 to 75 on the day of the request (checked by the server's clock). */
    birth_date: isoDateSchema,
    birth_place: safeText({ error: 'Укажите место рождения' })
      .trim()
      .min(2, 'Укажите место рождения')
      .max(256, 'Слишком длинное место рождения'),
  })
  .strict()
  .refine((step) => step.no_patronymic === (step.patronymic === null), {
    message: 'Укажите отчество или отметьте «нет отчества»',
    path: ['patronymic'],
  });
export type PersonalStep = z.infer<typeof personalStepSchema>;

// ── Step 2: passport ───────────────────────────────────────────────────────────────────────────

export const passportStepSchema = z
  .object({
    /** «45 06 123456» or «4506123456». */
    series_number: z
      .string({ error: 'Укажите серию и номер паспорта' })
      .transform((value) => value.replace(/\s/g, ''))
      .pipe(z.string().regex(/^\d{10}$/, 'Серия и номер паспорта — 10 цифр: 99 99 999999')),
    issue_date: isoDateSchema,
    division_code: z
      .string({ error: 'Укажите код подразделения' })
      .regex(/^\d{3}-?\d{3}$/, 'Код подразделения — 6 цифр: 999-999')
      .transform(
        (value) => `${value.replace('-', '').slice(0, 3)}-${value.replace('-', '').slice(3)}`,
      ),
    issued_by: safeText({ error: 'Укажите, кем выдан паспорт' })
      .trim()
      .min(5, 'Укажите, кем выдан паспорт')
      .max(512, 'Слишком длинное название подразделения'),
  })
  .strict();
export type PassportStep = z.infer<typeof passportStepSchema>;

// ── Step 3: addresses ──────────────────────────────────────────────────────────────────────────

/** An address as chosen from the suggestions (down to the house; the flat typed or suggested). */
export const addressSchema = z
  .object({
    /** The full address line as shown: «г Москва, ул Тверская, д 7, кв 12». */
    value: safeText({ error: 'Укажите адрес' }).trim().min(5, 'Укажите адрес').max(512),
    postal_code: z
      .string()
      .regex(/^\d{6}$/, 'Индекс — 6 цифр')
      .nullable(),
    region: safeText().max(128).nullable(),
    city: safeText().max(128).nullable(),
    street: safeText().max(128).nullable(),
    house: safeText({ error: 'Выберите адрес с номером дома' })
      .trim()
      .min(1, 'Выберите адрес с номером дома')
      .max(32),
    flat: safeText().trim().max(16).nullable(),
    fias_id: safeText().max(64).nullable(),
  })
  .strict();
export type Address = z.infer<typeof addressSchema>;

export const addressesStepSchema = z
  .object({
    registration: addressSchema,
    residence_same: z.boolean(),
    /** Null when residence_same. */
    residence: addressSchema.nullable(),
  })
  .strict()
  .refine((step) => step.residence_same === (step.residence === null), {
    message: 'Укажите адрес проживания или отметьте, что он совпадает с адресом регистрации',
    path: ['residence'],
  });
export type AddressesStep = z.infer<typeof addressesStepSchema>;

// ── Step 4: work and income ────────────────────────────────────────────────────────────────────

export const EMPLOYMENT_TYPES = [
  'employed',
  'self_employed',
  'entrepreneur',
  'pensioner',
  'student',
  'unemployed',
] as const;
export const employmentTypeSchema = z.enum(EMPLOYMENT_TYPES, { error: 'Выберите вид занятости' });
export type EmploymentType = z.infer<typeof employmentTypeSchema>;
/** Employment types that name an employer. */
export const EMPLOYER_REQUIRED_FOR: readonly EmploymentType[] = ['employed'];

/**
 * How the client can confirm the income (ПДН from 01.01.2026, Указание Банка России 6579-У): a
 * document or data the lender gets itself; «none» — the income is only declared.
 */
export const INCOME_CONFIRMATIONS = [
  'none',
  'ndfl_certificate',
  'bank_statement',
  'gosuslugi',
  'pension_certificate',
] as const;
export const incomeConfirmationSchema = z.enum(INCOME_CONFIRMATIONS, {
  error: 'Выберите, как вы можете подтвердить доход',
});
export type IncomeConfirmation = z.infer<typeof incomeConfirmationSchema>;

export const workStepSchema = z
  .object({
    employment_type: employmentTypeSchema,
    employer_name: safeText().trim().max(256).nullable(),
    /** 10 digits (a company) or 12 (an entrepreneur), from the party suggestion. */
    employer_inn: z
      .string()
      .regex(/^(\d{10}|\d{12})$/, 'ИНН — 10 или 12 цифр')
      .nullable(),
    position: safeText().trim().max(128).nullable(),
    /** Monthly income in roubles and kopecks, «45000» or «45000.00». */
    monthly_income: z
      .string({ error: 'Укажите ежемесячный доход' })
      .regex(/^\d{1,9}(\.\d{1,2})?$/, 'Укажите доход в рублях, например 45000'),
    income_confirmation: incomeConfirmationSchema.optional(),
    email: emailSchema,
  })
  .strict()
  .refine(
    (step) =>
      !EMPLOYER_REQUIRED_FOR.includes(step.employment_type) ||
      (Boolean(step.employer_name) && Boolean(step.position)),
    { message: 'Укажите работодателя и должность', path: ['employer_name'] },
  );
export type WorkStep = z.infer<typeof workStepSchema>;

// ── Step 5: photos ─────────────────────────────────────────────────────────────────────────────

export const PHOTO_KINDS = ['passport_main', 'passport_registration', 'selfie'] as const;
export const photoKindSchema = z.enum(PHOTO_KINDS, { error: 'Неизвестный вид фотографии' });
export type PhotoKind = z.infer<typeof photoKindSchema>;

/** Step 5 carries no fields: it is done when the three photos are uploaded. */
export const photosStepSchema = z.object({}).strict();

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const clientFileSchema = z.object({
  id: z.number().int(),
  kind: photoKindSchema,
  content_type: z.enum(ACCEPTED_IMAGE_TYPES),
  size: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  created_at: z.string(),
});
export type ClientFile = z.infer<typeof clientFileSchema>;

/** POST /files/validate — multipart with fields `kind` and `file`. */
export const uploadFileFieldsSchema = z.object({ kind: photoKindSchema });
export const uploadFileResponseSchema = z.object({ data: z.object({ file: clientFileSchema }) });

/** GET /files/base64 — the client's photos as data URLs for previews (latest of each kind). */
export const filesBase64ResponseSchema = z.object({
  data: z.array(clientFileSchema.extend({ data_url: z.string() })),
});
/** GET /files/get/{id} — the image itself. */
export const fileIdParamsSchema = z.object({
  id: z.coerce.number({ error: 'Неверный номер файла' }).int().positive('Неверный номер файла'),
});

// ── Step calls ─────────────────────────────────────────────────────────────────────────────────

/** GET /clients/step — spec: answer data.step_data.step_value, null when absent. */
export const clientStepResponseSchema = z.object({
  data: z.object({ step_data: z.object({ step_value: z.number().int().nullable() }) }),
});

/** The query of PATCH /clients/update when it saves an identity step. */
export const updateStepQuerySchema = z.object({
  step: z.coerce
    .number({ error: 'Неверный шаг анкеты' })
    .int()
    .min(1, 'Неверный шаг анкеты')
    .max(6, 'Неверный шаг анкеты'),
});

export const stepBodySchemas = {
  1: personalStepSchema,
  2: passportStepSchema,
  3: addressesStepSchema,
  4: workStepSchema,
  5: photosStepSchema,
} as const;

/** PATCH /clients/update?step=N → the step value the client is on now. */
export const updateStepResponseSchema = clientStepResponseSchema;

/** The whole query of PATCH /clients/update: without `step` it changes e-mail or password. */
export const updateClientQuerySchema = updateStepQuerySchema.partial();
/**
 * The body of PATCH /clients/update: e-mail or password without `step`, the step's own body with
 * it. The handler parses it by `step`; the union is for the client's type and for web tests.
 */
export const updateClientBodySchema = z.union([
  updateClientRequestSchema,
  ...Object.values(stepBodySchemas),
]);
/** PATCH /clients/update answers the client without `step`, the step value with it. */
export const updateClientOrStepResponseSchema = z.union([
  getClientResponseSchema,
  updateStepResponseSchema,
]);

/** GET /clients/profile (ours) — everything entered, for the person page and for resuming. */
export const clientProfileSchema = z.object({
  personal: personalStepSchema.nullable(),
  passport: passportStepSchema.nullable(),
  addresses: addressesStepSchema.nullable(),
  work: workStepSchema.nullable(),
  photos: z.array(clientFileSchema),
  step: z.number().int().nullable(),
  /** Passport data can no longer be changed once an order exists. */
  passport_locked: z.boolean(),
  /** Госуслуги: which steps they confirmed (locked) or differ, and how the client is identified. */
  esia: esiaProfileSchema,
});
export type ClientProfile = z.infer<typeof clientProfileSchema>;
export const clientProfileResponseSchema = z.object({ data: clientProfileSchema });
