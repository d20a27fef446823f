import { useCallback, useLayoutEffect, useRef, type RefCallback } from 'react';
import { useInputMask } from '@/lib/input-mask';

/**
 * One ref for an input that is both registered with react-hook-form and masked. The form's ref
 * changes on every render; the mask must not be re-applied each time, so it is read from a ref.
 */
export function useMaskedRef(
  mask: string,
  formRef: RefCallback<HTMLInputElement>,
): RefCallback<HTMLInputElement> {
  const latestFormRef = useRef(formRef);
  useLayoutEffect(() => {
    latestFormRef.current = formRef;
  });
  const maskRef = useInputMask(mask);
  return useCallback(
    (input: HTMLInputElement | null) => {
      latestFormRef.current(input);
      return maskRef(input);
    },
    [maskRef],
  );
}
