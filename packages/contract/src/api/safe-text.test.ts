import { describe, expect, it } from 'vitest';
import { hasUnsafeCharacters, safeText, UNSAFE_TEXT_MESSAGE } from './common';
import { personalStepSchema } from './identity';
import { createTicketFieldsSchema } from './tickets';

describe('safe text', () => {
  it.each(['a\u0000b', '\uD800', 'x\uDC00', '\uDBFFa'])('refuses %j', (value) => {
    expect(hasUnsafeCharacters(value)).toBe(true);
    const result = safeText().safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(UNSAFE_TEXT_MESSAGE);
  });

  it.each(['Москва', 'emoji 😀', 'таб\tи\nперевод', ''])('accepts %j', (value) => {
    expect(safeText().safeParse(value).success).toBe(true);
  });

  it('guards the free-text fields under their names', () => {
    const ticket = createTicketFieldsSchema.safeParse({
      category: 'other',
      subject: 'Тема\u0000',
      text: 'Текст',
    });
    expect(ticket.error?.issues).toContainEqual(
      expect.objectContaining({ path: ['subject'], message: UNSAFE_TEXT_MESSAGE }),
    );
    const personal = personalStepSchema.safeParse({
      surname: 'Иванов',
      name: 'Иван',
      patronymic: null,
      no_patronymic: true,
      gender: 'MALE',
      birth_date: '1990-01-01',
      birth_place: 'г. \uD800Москва',
    });
    expect(personal.error?.issues).toContainEqual(
      expect.objectContaining({ path: ['birth_place'], message: UNSAFE_TEXT_MESSAGE }),
    );
  });
});
