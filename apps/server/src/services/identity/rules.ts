import {
  IDENTITY_STEPS,
  MAX_CLIENT_AGE,
  MIN_CLIENT_AGE,
  PHOTO_KINDS,
  type PhotoKind,
  addDays,
} from '@zaymo/contract';
import { AppError } from '../../errors';
import { anniversary, fullYears, isCalendarDate } from './dates';

/** A rule broken by one field: the field (as the contract names it) and a Russian message. */
export interface FieldProblem {
  field: string;
  message: string;
}

// ── Age ────────────────────────────────────────────────────────────────────────────────────────

/** Age 18 to 75 inclusive on `today` (Moscow's date by the server clock). */
export function birthDateProblem(birthDate: string, today: string): FieldProblem | null {
  const problem = (message: string): FieldProblem => ({ field: 'birth_date', message });
  if (!isCalendarDate(birthDate)) return problem('Такой даты нет: проверьте дату рождения');
  if (birthDate > today) return problem('Дата рождения не может быть в будущем');
  const age = fullYears(birthDate, today);
  if (age < MIN_CLIENT_AGE) return problem(`Заём можно оформить с ${MIN_CLIENT_AGE} лет`);
  if (age > MAX_CLIENT_AGE) {
    return problem(`Заём можно оформить в возрасте от ${MIN_CLIENT_AGE} до ${MAX_CLIENT_AGE} лет`);
  }
  return null;
}

// ── Passport ───────────────────────────────────────────────────────────────────────────────────

/** A passport is first issued at 14. */
export const PASSPORT_FIRST_ISSUE_AGE = 14;
/** A passport issued before these birthdays must be replaced on reaching them. */
export const PASSPORT_REPLACEMENT_AGES = [20, 45] as const;
/**
 * A passport due for replacement stays valid until the new one is issued, but no longer than
 * 90 days after the birthday (Положение о паспорте, Government decree 828, as amended in 2021).
 * We accept it during those days: the law treats it as valid, and a client who has just turned
 * 20 is not asked to wait; the day after, it is refused.
 */
export const PASSPORT_REPLACEMENT_GRACE_DAYS = 90;

export interface PassportDates {
  birthDate: string;
  issueDate: string;
  today: string;
}

export function passportDatesProblem(dates: PassportDates): FieldProblem | null {
  const { birthDate, issueDate, today } = dates;
  const problem = (message: string): FieldProblem => ({ field: 'issue_date', message });
  if (!isCalendarDate(issueDate)) return problem('Такой даты нет: проверьте дату выдачи паспорта');
  if (issueDate > today) return problem('Дата выдачи паспорта не может быть в будущем');
  if (issueDate < anniversary(birthDate, PASSPORT_FIRST_ISSUE_AGE)) {
    return problem('Паспорт выдаётся с 14 лет: проверьте дату выдачи паспорта и дату рождения');
  }
  const missedAge = missedReplacementAge(dates);
  if (missedAge === null) return null;
  return problem(
    `Паспорт недействителен: его нужно было заменить в ${missedAge} лет. ` +
      'Замените паспорт и укажите данные нового',
  );
}

/** The replacement birthday (20 or 45) the passport outlived past its grace days, if any. */
export function missedReplacementAge(dates: PassportDates): number | null {
  const { birthDate, issueDate, today } = dates;
  for (const age of PASSPORT_REPLACEMENT_AGES) {
    const birthday = anniversary(birthDate, age);
    const lastValidDay = addDays(birthday, PASSPORT_REPLACEMENT_GRACE_DAYS);
    if (issueDate < birthday && today > lastValidDay) return age;
  }
  return null;
}

// ── Step order ─────────────────────────────────────────────────────────────────────────────────

/** Where a client without a recorded step starts. */
export const FIRST_STEP = IDENTITY_STEPS.personal;

/**
 * Saving step `step` needs the client to have reached it (no skipping ahead); earlier steps may
 * be saved again, except the passport once an order exists. The card step is not saved here.
 */
export function assertStepCanBeSaved(
  current: number | null,
  step: number,
  options: { passportLocked: boolean },
): void {
  if (step === IDENTITY_STEPS.card) throw new AppError('IDENTITY_CARD_STEP');
  if (step > (current ?? FIRST_STEP)) throw new AppError('IDENTITY_STEP_SKIPPED');
  if (step === IDENTITY_STEPS.passport && options.passportLocked) {
    throw new AppError('PASSPORT_LOCKED');
  }
}

/** Completing a step moves the client to the next one; saving an earlier one never moves back. */
export function stepAfterSaving(current: number | null, step: number): number {
  return Math.max(current ?? FIRST_STEP, step + 1);
}

// ── Photos ─────────────────────────────────────────────────────────────────────────────────────

export const PHOTO_LABELS: Record<PhotoKind, string> = {
  passport_main: 'разворот паспорта с фотографией',
  passport_registration: 'страница паспорта с регистрацией',
  selfie: 'селфи с паспортом',
};

export function missingPhotoKinds(present: readonly string[]): PhotoKind[] {
  return PHOTO_KINDS.filter((kind) => !present.includes(kind));
}

/** What PHOTOS_MISSING names («селфи с паспортом») — or null when all three are there. */
export function missingPhotos(present: readonly string[]): { kinds: string; count: number } | null {
  const missing = missingPhotoKinds(present);
  if (missing.length === 0) return null;
  return { kinds: missing.map((kind) => PHOTO_LABELS[kind]).join(', '), count: missing.length };
}
