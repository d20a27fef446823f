import { installInputmaskErrorGuard } from '@zaymo/web-kit';

export const PHONE_MASK = '+7 (999) 999-99-99';
export const PASSPORT_MASK = '99 99 999999';
export const DIVISION_CODE_MASK = '999-999';

/** Start-up step «install the input-mask directive»: the guard now, the library on demand. */
export function installInputMask(): () => void {
  return installInputmaskErrorGuard(window);
}
