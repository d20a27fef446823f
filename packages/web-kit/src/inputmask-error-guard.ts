/**
 * Spec §8: inputmask throws harmless errors on some mobile keyboards; they must not reach the
 * console as uncaught or break the page. Other errors pass through untouched.
 */
export function isInputmaskError(event: ErrorEvent): boolean {
  return typeof event.filename === 'string' && event.filename.includes('inputmask');
}

export function installInputmaskErrorGuard(target: Window = window): () => void {
  const listener = (event: ErrorEvent) => {
    if (!isInputmaskError(event)) return;
    event.preventDefault();
    console.warn('Ошибка inputmask подавлена:', event.message);
  };
  target.addEventListener('error', listener);
  return () => target.removeEventListener('error', listener);
}
