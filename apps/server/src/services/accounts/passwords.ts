import { hash, verify } from '@node-rs/argon2';
import {
  apiErrorMessage,
  loadPasswordEstimator,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  passwordStrength,
  passwordUserInputs,
  type PasswordEstimator,
  type PasswordSettings,
} from '@zaymo/contract';
import { fieldRefusal } from '../../errors';
import commonPasswordsJson from './common-passwords.json' with { type: 'json' };

/**
 * Passwords (decisions §4): argon2id with the library's defaults (19 MiB, 2 passes — the OWASP
 * baseline), 8 to 128 characters, nothing from the block list of common passwords. The block list
 * holds the favourites of Russian users too, in Cyrillic and as typed on the English layout
 * («gfhjkm» is «пароль»); comparison is case-insensitive and layout-insensitive.
 */

const COMMON_PASSWORDS: ReadonlySet<string> = new Set(commonPasswordsJson);
export const COMMON_PASSWORD_COUNT = COMMON_PASSWORDS.size;

const ARGON2ID = 2;

export const PASSWORD_SETTINGS: PasswordSettings = {
  min_length: PASSWORD_MIN_LENGTH,
  max_length: PASSWORD_MAX_LENGTH,
  rules: [
    // The length is shown apart, from min_length and max_length; each rule says one thing once.
    'Подойдут буквы любого алфавита, цифры, пробелы и знаки; длинные фразы надёжнее',
    'Нельзя использовать распространённые пароли и простые узоры вроде qwerty123, 12345678 или йцукенгш',
    'Нельзя использовать номер своего телефона, своё имя или название компании',
  ],
};

const RUSSIAN_KEYS = 'ёйцукенгшщзхъфывапролджэячсмитьбю';
const ENGLISH_KEYS = "`qwertyuiop[]asdfghjkl;'zxcvbnm,.";
const RUSSIAN_TO_ENGLISH = new Map(
  [...RUSSIAN_KEYS].map((letter, index) => [letter, ENGLISH_KEYS[index] ?? letter]),
);

/** What the same keys give on the English layout: «йцукен» → «qwerty». */
export function onEnglishLayout(text: string): string {
  return [...text].map((char) => RUSSIAN_TO_ENGLISH.get(char) ?? char).join('');
}

export function isCommonPassword(password: string): boolean {
  const lower = password.normalize('NFC').toLowerCase();
  return COMMON_PASSWORDS.has(lower) || COMMON_PASSWORDS.has(onEnglishLayout(lower));
}

/** The Russian reason a password is refused, or null when it is acceptable. */
export function passwordProblem(password: string, phone: string | null): string | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH)
    return apiErrorMessage('PASSWORD_TOO_SHORT', { min: PASSWORD_MIN_LENGTH });
  if (length > PASSWORD_MAX_LENGTH) return `Пароль — не длиннее ${PASSWORD_MAX_LENGTH} символов`;
  if (isCommonPassword(password)) {
    return 'Этот пароль слишком распространён, его легко подобрать. Придумайте другой';
  }
  if (phone && containsPhone(password, phone)) {
    return 'Пароль не должен совпадать с номером телефона. Придумайте другой';
  }
  return null;
}

function containsPhone(password: string, phone: string): boolean {
  const digits = password.replace(/\D/g, '');
  const national = phone.replace(/\D/g, '').slice(1);
  return digits.length >= 10 && digits.includes(national);
}

let estimator: Promise<PasswordEstimator> | null = null;

/** The contract's strength estimator, with our Russian block list as one more dictionary. */
function strengthEstimator(): Promise<PasswordEstimator> {
  estimator ??= loadPasswordEstimator([...COMMON_PASSWORDS]);
  return estimator;
}

/**
 * Throws a 400 naming the field when the password breaks the policy: the rules above, then the
 * shared strength rule with the phone, the client's name and the brand as the
 * client's own words.
 */
export async function assertAcceptablePassword(
  password: string,
  owner: { phone: string | null; names?: readonly (string | null)[]; brand: string },
  field = 'password',
): Promise<void> {
  const inputs = passwordUserInputs([owner.phone, ...(owner.names ?? []), owner.brand]);
  const problem =
    passwordProblem(password, owner.phone) ??
    passwordStrength(await strengthEstimator(), password, inputs).problem;
  if (problem) throw fieldRefusal({ [field]: problem });
}

export function hashPassword(password: string): Promise<string> {
  return hash(password.normalize('NFC'), { algorithm: ARGON2ID });
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password.normalize('NFC'));
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | null = null;

/**
 * For a phone without a client or a password: spend the same time as a real check, so the
 * answer's timing does not tell which phones are registered.
 */
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword('a password nobody has, for timing only');
  await verifyPassword(await dummyHash, password);
  return false;
}

/** Whose password it is: their phone and name and the brand are words it must not lean on. */
export function ownerOf(
  ctx: { config: { company: { brand: string } } },
  client: { phone: string; name: string | null; surname: string | null },
) {
  return {
    phone: client.phone,
    names: [client.name, client.surname],
    brand: ctx.config.company.brand,
  };
}
