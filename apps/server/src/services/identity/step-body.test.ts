import { russianZodErrorMap } from '@zaymo/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../../errors';
import { RequestValidationError } from '../../validation';
import { parseStepBody } from './step-body';

beforeAll(() => {
  z.config({ customError: russianZodErrorMap });
});

const PERSONAL = {
  surname: 'Иванов',
  name: 'Иван',
  patronymic: 'Иванович',
  no_patronymic: false,
  gender: 'MALE',
  birth_date: '1990-05-17',
  birth_place: 'г. Москва',
};
const PASSPORT = {
  series_number: '45 06 123456',
  issue_date: '2010-06-01',
  division_code: '772-001',
  issued_by: 'ОВД района Тверской г. Москвы',
};
const WORK = {
  employment_type: 'employed',
  employer_name: 'ООО «Ромашка»',
  employer_inn: '7707083893',
  position: 'Бухгалтер',
  monthly_income: '45000',
  email: 'ivanov@mail.ru',
};

/** The fields a refused body names, with the first message of each (as the answer shows). */
function refusedFields(step: number, body: unknown): Record<string, string> {
  try {
    parseStepBody(step, body);
  } catch (error) {
    if (!(error instanceof RequestValidationError)) throw error;
    const fields: Record<string, string> = {};
    for (const { instancePath, message } of error.validation) {
      fields[instancePath.slice(1)] ??= message;
    }
    return fields;
  }
  throw new Error('the body was accepted');
}

function parsed(step: number, body: unknown): unknown {
  const input = parseStepBody(step, body);
  return 'data' in input ? input.data : null;
}

describe('step 1: personal data', () => {
  it('accepts names with ё, hyphens and spaces', () => {
    expect(parsed(1, { ...PERSONAL, surname: 'Салтыков-Щедрин', name: 'Пётр' })).toMatchObject({
      surname: 'Салтыков-Щедрин',
      name: 'Пётр',
    });
    expect(parsed(1, { ...PERSONAL, name: 'Анна Мария', surname: ' Королёва ' })).toMatchObject({
      name: 'Анна Мария',
      surname: 'Королёва',
    });
  });

  it('refuses Latin letters, digits and a leading hyphen, naming the field', () => {
    expect(refusedFields(1, { ...PERSONAL, surname: 'Ivanov' })).toEqual({
      surname: 'Фамилия: только русские буквы, пробел и дефис',
    });
    expect(refusedFields(1, { ...PERSONAL, name: 'Иван2' })).toHaveProperty('name');
    expect(refusedFields(1, { ...PERSONAL, patronymic: '-Иванович' })).toHaveProperty('patronymic');
    expect(refusedFields(1, { ...PERSONAL, surname: '' })).toEqual({ surname: 'Укажите фамилию' });
  });

  it('takes «нет отчества» only with an empty patronymic, and requires one of the two', () => {
    expect(parsed(1, { ...PERSONAL, patronymic: null, no_patronymic: true })).toMatchObject({
      patronymic: null,
      no_patronymic: true,
    });
    const message = 'Укажите отчество или отметьте «нет отчества»';
    expect(refusedFields(1, { ...PERSONAL, patronymic: null })).toEqual({ patronymic: message });
    expect(refusedFields(1, { ...PERSONAL, no_patronymic: true })).toEqual({
      patronymic: message,
    });
  });

  it('requires a gender, a date in ISO form and no unknown fields', () => {
    expect(refusedFields(1, { ...PERSONAL, gender: 'X' })).toEqual({ gender: 'Укажите пол' });
    expect(refusedFields(1, { ...PERSONAL, birth_date: '17.05.1990' })).toEqual({
      birth_date: 'Укажите дату в формате ДД.ММ.ГГГГ',
    });
    expect(() => parseStepBody(1, { ...PERSONAL, step: 3 })).toThrow(RequestValidationError);
  });
});

describe('step 2: passport', () => {
  it('accepts the series and number with or without the mask spaces', () => {
    expect(parsed(2, PASSPORT)).toMatchObject({ series_number: '4506123456' });
    expect(parsed(2, { ...PASSPORT, series_number: '4506123456' })).toMatchObject({
      series_number: '4506123456',
    });
  });

  it('refuses a series and number that is not 10 digits', () => {
    const message = 'Серия и номер паспорта — 10 цифр: 99 99 999999';
    expect(refusedFields(2, { ...PASSPORT, series_number: '45 06 12345' })).toEqual({
      series_number: message,
    });
    expect(refusedFields(2, { ...PASSPORT, series_number: '45 06 12345А' })).toEqual({
      series_number: message,
    });
  });

  it('accepts the division code as 999-999 or 999999 and stores it masked', () => {
    expect(parsed(2, PASSPORT)).toMatchObject({ division_code: '772-001' });
    expect(parsed(2, { ...PASSPORT, division_code: '772001' })).toMatchObject({
      division_code: '772-001',
    });
  });

  it('refuses other division code forms', () => {
    for (const code of ['77-2001', '772-01', '772 001', '772-0011', 'ААА-001']) {
      expect(refusedFields(2, { ...PASSPORT, division_code: code })).toEqual({
        division_code: 'Код подразделения — 6 цифр: 999-999',
      });
    }
  });
});

describe('step 4: work and income', () => {
  it('requires employer and position from the employed only', () => {
    const message = 'Укажите работодателя и должность';
    expect(refusedFields(4, { ...WORK, employer_name: null })).toEqual({ employer_name: message });
    expect(refusedFields(4, { ...WORK, position: '  ' })).toEqual({ employer_name: message });
    const pensioner = { ...WORK, employment_type: 'pensioner', employer_name: null };
    expect(parsed(4, { ...pensioner, employer_inn: null, position: null })).toMatchObject({
      employment_type: 'pensioner',
    });
  });

  it('takes the income as roubles with up to two kopeck digits', () => {
    for (const income of ['45000', '45000.5', '45000.00', '0']) {
      expect(parsed(4, { ...WORK, monthly_income: income })).toMatchObject({
        monthly_income: income,
      });
    }
    for (const income of ['45 000', '45000,00', '-1', '45000.001', '1234567890', '']) {
      expect(refusedFields(4, { ...WORK, monthly_income: income })).toEqual({
        monthly_income: 'Укажите доход в рублях, например 45000',
      });
    }
  });

  it('checks the ИНН length and the e-mail', () => {
    expect(refusedFields(4, { ...WORK, employer_inn: '12345' })).toEqual({
      employer_inn: 'ИНН — 10 или 12 цифр',
    });
    expect(parsed(4, { ...WORK, employer_inn: '500100732259' })).toBeTruthy();
    expect(refusedFields(4, { ...WORK, email: 'ivanov@' })).toEqual({
      email: 'Проверьте e-mail: например, ivanov@mail.ru',
    });
    expect(refusedFields(4, { ...WORK, employment_type: 'astronaut' })).toEqual({
      employment_type: 'Выберите вид занятости',
    });
  });
});

describe('steps 5 and 6', () => {
  it('takes an empty body (or none) for the photos step', () => {
    expect(parseStepBody(5, {})).toEqual({ step: 5 });
    expect(parseStepBody(5, undefined)).toEqual({ step: 5 });
    expect(() => parseStepBody(5, { photos: [1] })).toThrow(RequestValidationError);
  });

  it('leaves the card step to card binding', () => {
    expect(() => parseStepBody(6, {})).toThrow(new AppError('IDENTITY_CARD_STEP'));
  });
});
