import { describe, expect, it } from 'vitest';
import { apiErrorMessage } from '@zaymo/contract';
import { AppError } from '../../errors';
import {
  assertStepCanBeSaved,
  birthDateProblem,
  missingPhotoKinds,
  missingPhotos,
  passportDatesProblem,
  stepAfterSaving,
} from './rules';

const TODAY = '2026-06-15';

describe('age 18 to 75 on the server date', () => {
  const ageOk = (birthDate: string, today = TODAY) => birthDateProblem(birthDate, today);

  it('refuses 17 and accepts 18 from the birthday itself', () => {
    expect(ageOk('2008-06-16')).toEqual({
      field: 'birth_date',
      message: 'Заём можно оформить с 18 лет',
    });
    expect(ageOk('2008-06-15')).toBeNull();
  });

  it('accepts 75 until the day before the 76th birthday', () => {
    expect(ageOk('1951-06-15')).toBeNull();
    expect(ageOk('1950-06-16')).toBeNull();
    expect(ageOk('1950-06-15')?.message).toBe('Заём можно оформить в возрасте от 18 до 75 лет');
  });

  it('counts a 29 February birthday as reached on 28 February', () => {
    expect(ageOk('2008-02-29', '2026-02-27')?.message).toBe('Заём можно оформить с 18 лет');
    expect(ageOk('2008-02-29', '2026-02-28')).toBeNull();
  });

  it('refuses dates in the future and dates that do not exist', () => {
    expect(ageOk('2026-06-16')?.message).toBe('Дата рождения не может быть в будущем');
    expect(ageOk('2001-02-29')?.message).toBe('Такой даты нет: проверьте дату рождения');
  });
});

describe('passport dates', () => {
  const BIRTH = '2000-03-10';
  const check = (issueDate: string, today: string, birthDate = BIRTH) =>
    passportDatesProblem({ birthDate, issueDate, today });

  it('refuses an issue date in the future or one that does not exist', () => {
    expect(check('2026-06-16', TODAY)?.message).toBe(
      'Дата выдачи паспорта не может быть в будущем',
    );
    expect(check('2019-02-30', TODAY)?.message).toBe(
      'Такой даты нет: проверьте дату выдачи паспорта',
    );
    expect(check('2026-06-15', TODAY)).toBeNull();
  });

  it('refuses a passport issued before the 14th birthday', () => {
    expect(check('2014-03-09', '2019-01-01')).toEqual({
      field: 'issue_date',
      message: 'Паспорт выдаётся с 14 лет: проверьте дату выдачи паспорта и дату рождения',
    });
    expect(check('2014-03-10', '2019-01-01')).toBeNull();
  });

  it('keeps a passport issued at 14 valid for 90 days after the 20th birthday', () => {
    expect(check('2014-03-10', '2020-03-09')).toBeNull();
    expect(check('2014-03-10', '2020-03-10')).toBeNull();
    expect(check('2014-03-10', '2020-06-08')).toBeNull();
  });

  it('refuses it from the 91st day after the 20th birthday', () => {
    expect(check('2014-03-10', '2020-06-09')?.message).toBe(
      'Паспорт недействителен: его нужно было заменить в 20 лет. Замените паспорт и укажите данные нового',
    );
    expect(check('2020-03-09', '2020-06-09')?.message).toContain('заменить в 20 лет');
  });

  it('accepts a passport issued on or after the 20th birthday until 45', () => {
    expect(check('2020-03-10', '2026-06-15')).toBeNull();
    expect(check('2020-06-01', '2026-06-15')).toBeNull();
  });

  it('refuses one issued before 45 from the 91st day after the 45th birthday', () => {
    const birth = '1980-05-20';
    expect(check('2000-06-01', '2025-05-19', birth)).toBeNull();
    expect(check('2000-06-01', '2025-05-20', birth)).toBeNull();
    expect(check('2000-06-01', '2025-08-18', birth)).toBeNull();
    expect(check('2000-06-01', '2025-08-19', birth)?.message).toContain('заменить в 45 лет');
    expect(check('2025-05-19', '2025-08-19', birth)?.message).toContain('заменить в 45 лет');
  });

  it('keeps one issued on or after the 45th birthday valid for good', () => {
    expect(check('2025-05-20', '2040-01-01', '1980-05-20')).toBeNull();
  });

  it('names the first replacement missed: a passport from 16 at 50 should have gone at 20', () => {
    expect(check('1992-01-10', '2026-01-10', '1976-01-01')?.message).toContain('заменить в 20 лет');
  });
});

describe('step order', () => {
  const save =
    (current: number | null, step: number, passportLocked = false) =>
    () =>
      assertStepCanBeSaved(current, step, { passportLocked });
  const refusal = (run: () => void) => {
    try {
      run();
    } catch (error) {
      return error instanceof AppError ? error.code : error;
    }
    return null;
  };

  it('lets a new client save step 1 only', () => {
    expect(refusal(save(null, 1))).toBeNull();
    expect(refusal(save(null, 2))).toBe('IDENTITY_STEP_SKIPPED');
    expect(refusal(save(1, 2))).toBe('IDENTITY_STEP_SKIPPED');
  });

  it('lets the current step and earlier ones be saved, never a later one', () => {
    expect(refusal(save(3, 3))).toBeNull();
    expect(refusal(save(3, 1))).toBeNull();
    expect(refusal(save(3, 2))).toBeNull();
    expect(refusal(save(3, 4))).toBe('IDENTITY_STEP_SKIPPED');
    expect(refusal(save(7, 5))).toBeNull();
  });

  it('refuses the passport once it is locked, but not other steps', () => {
    expect(refusal(save(5, 2, true))).toBe('PASSPORT_LOCKED');
    expect(refusal(save(5, 1, true))).toBeNull();
    expect(refusal(save(5, 3, true))).toBeNull();
  });

  it('leaves the card step to card binding', () => {
    expect(refusal(save(6, 6))).toBe('IDENTITY_CARD_STEP');
    expect(save(6, 6)).toThrow(new AppError('IDENTITY_CARD_STEP'));
  });

  it('moves on after the step just completed, and never back', () => {
    expect(stepAfterSaving(null, 1)).toBe(2);
    expect(stepAfterSaving(1, 1)).toBe(2);
    expect(stepAfterSaving(4, 4)).toBe(5);
    expect(stepAfterSaving(5, 5)).toBe(6);
    expect(stepAfterSaving(4, 1)).toBe(4);
    expect(stepAfterSaving(7, 2)).toBe(7);
  });
});

describe('photos of step 5', () => {
  it('names the missing kinds in Russian', () => {
    expect(missingPhotoKinds(['selfie'])).toEqual(['passport_main', 'passport_registration']);
    expect(missingPhotos([])).toEqual({
      kinds: 'разворот паспорта с фотографией, страница паспорта с регистрацией, селфи с паспортом',
      count: 3,
    });
    expect(missingPhotos(['passport_main', 'passport_registration'])).toEqual({
      kinds: 'селфи с паспортом',
      count: 1,
    });
    expect(apiErrorMessage('PHOTOS_MISSING', { kinds: 'селфи с паспортом', count: 1 })).toBe(
      'Загрузите фотографию: селфи с паспортом',
    );
    expect(missingPhotos(['passport_main', 'passport_registration', 'selfie'])).toBeNull();
  });
});
