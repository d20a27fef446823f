import { useCallback } from 'react';
import type Inputmask from 'inputmask';

const MASK_DEFAULTS: Inputmask.Options = {
  showMaskOnHover: false,
  clearIncomplete: false,
  placeholder: '_',
};

type InputmaskStatic = Inputmask.Static;
let loadingInputmask: Promise<InputmaskStatic> | null = null;

/**
 * inputmask is loaded on first use: it is large (a third of what the sign-in page would load
 * otherwise). Its own chunk is named after it, which the error guard relies on to recognise its
 * errors.
 */
export function loadInputmask(): Promise<InputmaskStatic> {
  loadingInputmask ??= import('inputmask').then(({ default: library }) => {
    library.extendDefaults(MASK_DEFAULTS);
    return library;
  });
  return loadingInputmask;
}

/**
 * A ref callback that masks the input it is attached to: `<input ref={useInputMask('99.99.9999')} />`.
 * The mask comes when the field is first focused (or at once if it has focus, a value, or the
 * library is in): a page with a masked field loads inputmask only for the person who types in it.
 * What was typed before (into a prerendered page, or while the library loads) stays: the mask
 * takes the field's value when it attaches, and the field's change handler gets the masked one. The mask is removed when the input unmounts or the
 * mask changes. Pass `options` as a module-level constant: a new object on every render would
 * re-mask the input each time.
 */
export function useInputMask(mask: string, options?: Inputmask.Options) {
  return useCallback(
    (input: HTMLInputElement | null) => {
      if (!input) return undefined;
      let active = true;
      const attach = () => {
        void loadInputmask().then((library) => {
          if (!active || input.inputmask) return;
          const typed = input.value;
          library(mask, options).mask(input);
          // The form learns what the mask made of the early keys, as if they were typed now:
          // it would otherwise keep them unmasked («01021990» is no date).
          if (typed !== '' && input.value !== typed)
            input.dispatchEvent(new Event('input', { bubbles: true }));
        });
      };
      const wanted = loadingInputmask || input.value !== '' || document.activeElement === input;
      if (wanted) attach();
      else input.addEventListener('focus', attach, { once: true });
      return () => {
        active = false;
        input.removeEventListener('focus', attach);
        if (input.inputmask) input.inputmask.remove();
      };
    },
    [mask, options],
  );
}
