import { useCallback, useLayoutEffect, useRef, type Ref, type RefCallback } from 'react';
import { useInputMask } from './input-mask';

/**
 * One ref for an input that is both known to react-hook-form and masked. The form's ref may
 * change on every render; the mask must not be re-applied each time, so it is read from a ref.
 */
export function useMaskedRef(
  mask: string,
  formRef: Ref<HTMLInputElement> | undefined,
): RefCallback<HTMLInputElement> {
  const latestFormRef = useRef(formRef);
  useLayoutEffect(() => {
    latestFormRef.current = formRef;
  });
  const maskRef = useInputMask(mask);
  return useCallback(
    (input: HTMLInputElement | null) => {
      assignRef(latestFormRef.current, input);
      return maskRef(input);
    },
    [maskRef],
  );
}

function assignRef<T>(ref: Ref<T> | undefined, value: T | null): void {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}
