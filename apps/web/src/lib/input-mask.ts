import { useCallback } from 'react';
import type Inputmask from 'inputmask';
import { installInputmaskErrorGuard } from './inputmask-error-guard';

export const PHONE_MASK = '+7 (999) 999-99-99';
export const PASSPORT_MASK = '99 99 999999';
export const DIVISION_CODE_MASK = '999-999';

const MASK_DEFAULTS: Inputmask.Options = {
  showMaskOnHover: false,
  clearIncomplete: false,
  placeholder: '_',
};

type InputmaskStatic = Inputmask.Static;
let loadingInputmask: Promise<InputmaskStatic> | null = null;

/**
 * inputmask is loaded on first use: it is large and the home screen must stay light. Its
 * own chunk is named after it, which the error guard relies on to recognise its errors.
 */
export function loadInputmask(): Promise<InputmaskStatic> {
  loadingInputmask ??= import('inputmask').then(({ default: library }) => {
    library.extendDefaults(MASK_DEFAULTS);
    return library;
  });
  return loadingInputmask;
}

/** Start-up step «install the input-mask directive»: the guard now, the library on demand. */
export function installInputMask(): () => void {
  return installInputmaskErrorGuard(window);
}

/**
 * A ref callback that masks the input it is attached to: `<input ref={useInputMask(PHONE_MASK)} />`.
 * The mask is removed when the input unmounts or the mask changes. Pass `options` as a
 * module-level constant: a new object on every render would re-mask the input each time.
 */
export function useInputMask(mask: string, options?: Inputmask.Options) {
  return useCallback(
    (input: HTMLInputElement | null) => {
      if (!input) return undefined;
      let active = true;
      void loadInputmask().then((library) => {
        if (active) library(mask, options).mask(input);
      });
      return () => {
        active = false;
        if (input.inputmask) input.inputmask.remove();
      };
    },
    [mask, options],
  );
}
