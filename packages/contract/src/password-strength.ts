import type { OptionsType, ZxcvbnFactory } from '@zxcvbn-ts/core';

/**
 * Password strength: one rule for the server and the web — the zxcvbn estimate with
 * the common dictionaries and the client's own words (phone, name, brand) must reach
 * PASSWORD_MIN_SCORE. The estimator is loaded on demand, so the web's first pages stay small.
 */
export const PASSWORD_MIN_SCORE = 3;
export const PASSWORD_TOO_SIMPLE_MESSAGE =
  'Пароль слишком простой: его легко подобрать. Добавьте слово или несколько символов';

export type PasswordEstimator = Pick<ZxcvbnFactory, 'check'>;

const WARNINGS_RU = {
  straightRow: 'Клавиши подряд на клавиатуре легко угадать',
  keyPattern: 'Короткие узоры на клавиатуре легко угадать',
  simpleRepeat: 'Повторы вроде «aaa» легко угадать',
  extendedRepeat: 'Повторы вроде «abcabcabc» легко угадать',
  sequences: 'Последовательности вроде «abc» или «1234» легко угадать',
  recentYears: 'Недавние годы легко угадать',
  dates: 'Даты легко угадать',
  topTen: 'Это один из самых распространённых паролей',
  topHundred: 'Это очень распространённый пароль',
  common: 'Это распространённый пароль',
  similarToCommon: 'Пароль похож на распространённый',
  wordByItself: 'Одно слово легко угадать',
  namesByThemselves: 'Имена и фамилии легко угадать',
  commonNames: 'Распространённые имена легко угадать',
  userInputs: 'Пароль не должен содержать ваш телефон, имя или название компании',
  pwned: 'Этот пароль уже утекал в сеть',
};

const SUGGESTIONS_RU = {
  l33t: 'Замена букв похожими знаками («@» вместо «a») не помогает',
  reverseWords: 'Слово задом наперёд не помогает',
  allUppercase: 'Заглавные буквы лучше ставить не везде, а местами',
  capitalization: 'Заглавная буква только в начале не помогает',
  dates: 'Не используйте даты, связанные с вами',
  recentYears: 'Не используйте недавние годы',
  associatedYears: 'Не используйте годы, связанные с вами',
  sequences: 'Не используйте последовательности символов',
  repeated: 'Не повторяйте слова и символы',
  longerKeyboardPattern: 'Не используйте узоры на клавиатуре',
  anotherWord: 'Добавьте ещё несколько слов — лучше необычных',
  useWords: 'Используйте несколько слов, но не распространённые фразы',
  noNeed: 'Можно и без знаков, цифр и заглавных: главное — длина',
  pwned: 'Если вы используете этот пароль где-то ещё, смените его',
};

const TIME_RU = {
  ltSecond: 'меньше секунды',
  second: '{base} секунда',
  seconds: '{base} секунд',
  minute: '{base} минута',
  minutes: '{base} минут',
  hour: '{base} час',
  hours: '{base} часов',
  day: '{base} день',
  days: '{base} дней',
  month: '{base} месяц',
  months: '{base} месяцев',
  year: '{base} год',
  years: '{base} лет',
  centuries: 'века',
};

/** Builds the estimator; `extraWords` are more dictionary words (the server's Russian list). */
export async function loadPasswordEstimator(
  extraWords: readonly string[] = [],
): Promise<PasswordEstimator> {
  const [{ ZxcvbnFactory: Factory }, common] = await Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
  ]);
  const options: OptionsType = {
    translations: { warnings: WARNINGS_RU, suggestions: SUGGESTIONS_RU, timeEstimation: TIME_RU },
    graphs: common.adjacencyGraphs,
    dictionary: { ...common.dictionary, 'ru-common': [...extraWords] },
    useLevenshteinDistance: true,
  };
  return new Factory(options);
}

/** The brand as typed, in Latin letters and on the English layout: «Займо», «zaymo», «pfqvj». */
export function passwordUserInputs(words: readonly (string | null | undefined)[]): string[] {
  const inputs = new Set<string>();
  for (const word of words) {
    const value = word?.trim().toLowerCase();
    if (!value) continue;
    inputs.add(value);
    inputs.add(transliterate(value));
    const digits = value.replace(/\D/g, '');
    if (digits.length >= 10) inputs.add(digits.slice(-10));
  }
  return [...inputs].filter((input) => input.length >= 3);
}

const LATIN: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'h',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'sch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
};

function transliterate(value: string): string {
  return [...value].map((char) => LATIN[char] ?? char).join('');
}

export interface PasswordStrength {
  /** 0 (guessed at once) … 4 (very hard). */
  score: number;
  /** The Russian reason it is refused, or null when the password is strong enough. */
  problem: string | null;
}

export function passwordStrength(
  estimator: PasswordEstimator,
  password: string,
  userInputs: readonly string[],
): PasswordStrength {
  const result = estimator.check(password, [...userInputs]);
  if (result.score >= PASSWORD_MIN_SCORE) return { score: result.score, problem: null };
  const reason = result.feedback.warning || result.feedback.suggestions[0] || null;
  return {
    score: result.score,
    problem: reason ? `${PASSWORD_TOO_SIMPLE_MESSAGE}. ${reason}` : PASSWORD_TOO_SIMPLE_MESSAGE,
  };
}
