import { describe, expect, it } from 'vitest';
import { holderNameAsBankShows, isBorrowersAccount } from './sbp-recipient';

const IVAN = { name: 'Иван', patronymic: 'Петрович', surname: 'Орлов' };

describe('the СБП recipient is the borrower', () => {
  it('shows the holder as banks do: given names and the surname’s initial', () => {
    expect(holderNameAsBankShows(IVAN)).toBe('Иван Петрович О.');
    expect(holderNameAsBankShows({ ...IVAN, patronymic: null })).toBe('Иван О.');
    expect(holderNameAsBankShows({ ...IVAN, surname: null })).toBeNull();
  });

  it('accepts the borrower’s own account whatever the case, «ё» or spacing', () => {
    expect(isBorrowersAccount('Иван Петрович О.', IVAN)).toBe(true);
    expect(isBorrowersAccount('ИВАН  ПЕТРОВИЧ О', IVAN)).toBe(true);
    const fedor = { name: 'Фёдор', patronymic: 'Семёнович', surname: 'Ёлкин' };
    expect(isBorrowersAccount('Федор Семенович Е.', fedor)).toBe(true);
  });

  it('refuses someone else’s account: another name, patronymic or surname initial', () => {
    expect(isBorrowersAccount('Пётр Петрович С.', IVAN)).toBe(false);
    expect(isBorrowersAccount('Иван Сергеевич О.', IVAN)).toBe(false);
    expect(isBorrowersAccount('Иван Петрович С.', IVAN)).toBe(false);
    expect(isBorrowersAccount('Иван О.', IVAN)).toBe(false);
    expect(isBorrowersAccount('', IVAN)).toBe(false);
  });

  it('refuses any account while the borrower’s name is unknown', () => {
    expect(isBorrowersAccount('Иван Петрович О.', { ...IVAN, surname: null })).toBe(false);
  });
});
