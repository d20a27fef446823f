import type { z } from 'zod';

/**
 * Russian messages for zod issues that a schema did not word itself. Install once per process:
 * `z.config({ customError: russianZodErrorMap })`. A message written in the schema always wins,
 * so schemas word what they know better («Укажите номер телефона») and this map covers the rest.
 */
export const russianZodErrorMap: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      return describeInvalidType(issue.expected, issue.input);
    case 'too_small':
      return describeTooSmall(issue.origin, Number(issue.minimum), issue.inclusive !== false);
    case 'too_big':
      return describeTooBig(issue.origin, Number(issue.maximum), issue.inclusive !== false);
    case 'invalid_format':
      return FORMAT_MESSAGES[issue.format] ?? 'Неверный формат';
    case 'not_multiple_of':
      return `Значение должно быть кратно ${String(issue.divisor)}`;
    case 'unrecognized_keys':
      return `Лишние поля: ${issue.keys.join(', ')}`;
    case 'invalid_value':
      return 'Выберите одно из допустимых значений';
    case 'invalid_union':
    case 'invalid_key':
    case 'invalid_element':
    case 'custom':
      return 'Проверьте значение поля';
  }
};

const FORMAT_MESSAGES: Partial<Record<string, string>> = {
  email: 'Проверьте e-mail: например, ivanov@mail.ru',
  url: 'Проверьте адрес ссылки',
  uuid: 'Неверный идентификатор',
  date: 'Проверьте дату',
  datetime: 'Введите дату и время',
  regex: 'Неверный формат',
};

const TYPE_MESSAGES: Partial<Record<string, string>> = {
  string: 'Введите текст',
  number: 'Введите число',
  int: 'Введите целое число',
  bigint: 'Введите целое число',
  boolean: 'Выберите «да» или «нет»',
  date: 'Введите дату',
  array: 'Ожидается список значений',
  file: 'Приложите файл',
};

function describeInvalidType(expected: string, input: unknown): string {
  if (input === undefined || input === null) return 'Заполните поле';
  return TYPE_MESSAGES[expected] ?? 'Неверный формат данных';
}

function describeTooSmall(origin: string, minimum: number, inclusive: boolean): string {
  if (origin === 'string') {
    return minimum <= 1 ? 'Заполните поле' : `Не короче ${minimum} ${symbolsWord(minimum)}`;
  }
  if (origin === 'array' || origin === 'set') return `Выберите не меньше ${minimum}`;
  if (origin === 'date') return 'Слишком ранняя дата';
  return inclusive ? `Значение не меньше ${minimum}` : `Значение больше ${minimum}`;
}

function describeTooBig(origin: string, maximum: number, inclusive: boolean): string {
  if (origin === 'string') return `Не длиннее ${maximum} ${symbolsWord(maximum)}`;
  if (origin === 'array' || origin === 'set') return `Выберите не больше ${maximum}`;
  if (origin === 'file') return 'Файл слишком большой';
  if (origin === 'date') return 'Слишком поздняя дата';
  return inclusive ? `Значение не больше ${maximum}` : `Значение меньше ${maximum}`;
}

/** «символа» after 1, 21, 31…; «символов» otherwise — the genitive that follows «не короче N». */
function symbolsWord(count: number): string {
  return count % 10 === 1 && count % 100 !== 11 ? 'символа' : 'символов';
}

const CYRILLIC = /[а-яё]/i;

/** True when a message is Russian text, not a library's English default. */
export function isRussianMessage(message: string): boolean {
  return CYRILLIC.test(message);
}
