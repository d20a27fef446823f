import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isRussianMessage, russianZodErrorMap } from './validation-messages';

z.config({ customError: russianZodErrorMap });

function firstMessage(schema: z.ZodType, value: unknown): string | undefined {
  return schema.safeParse(value).error?.issues[0]?.message;
}

describe('russianZodErrorMap', () => {
  it.each<[string, z.ZodType, unknown, string]>([
    ['missing field', z.object({ a: z.string() }), {}, 'Заполните поле'],
    ['empty string', z.string().min(1), '', 'Заполните поле'],
    ['short string', z.string().min(5), 'abc', 'Не короче 5 символов'],
    ['short string, 21', z.string().min(21), 'abc', 'Не короче 21 символа'],
    ['long string', z.string().max(3), 'abcd', 'Не длиннее 3 символов'],
    ['not a number', z.number(), 'x', 'Введите число'],
    ['not an integer', z.number().int(), 1.5, 'Введите целое число'],
    ['small number', z.number().min(18), 5, 'Значение не меньше 18'],
    ['big number', z.number().lt(10), 10, 'Значение меньше 10'],
    ['e-mail', z.email(), 'nope', 'Проверьте e-mail: например, ivanov@mail.ru'],
    ['enum', z.enum(['a', 'b']), 'c', 'Выберите одно из допустимых значений'],
    ['unknown keys', z.object({}).strict(), { x: 1 }, 'Лишние поля: x'],
    ['regex', z.string().regex(/^\d+$/), 'x', 'Неверный формат'],
  ])('%s', (_case, schema, value, expected) => {
    expect(firstMessage(schema, value)).toBe(expected);
  });

  it('leaves a message the schema words itself', () => {
    expect(firstMessage(z.string().min(2, 'Имя — не короче 2 букв'), 'И')).toBe(
      'Имя — не короче 2 букв',
    );
  });

  it('never answers in English for any common failure', () => {
    const schema = z.object({
      s: z.string().max(2),
      n: z.number().positive(),
      b: z.boolean(),
      d: z.iso.date(),
      l: z.array(z.string()).min(1),
      u: z.union([z.string(), z.number()]),
    });
    const issues =
      schema.safeParse({ s: 'long', n: -1, b: 'yes', d: '2026-13-01', l: [], u: {} }).error
        ?.issues ?? [];
    expect(issues.length).toBeGreaterThanOrEqual(6);
    for (const issue of issues) expect(isRussianMessage(issue.message), issue.message).toBe(true);
  });
});
