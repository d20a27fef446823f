// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installInputmaskErrorGuard } from './inputmask-error-guard';

let uninstall: (() => void) | null = null;

afterEach(() => {
  uninstall?.();
  uninstall = null;
  vi.restoreAllMocks();
});

function scriptError(filename: string): ErrorEvent {
  return new ErrorEvent('error', { filename, message: 'boom', cancelable: true });
}

describe('inputmask error guard', () => {
  it('swallows errors from inputmask files with a warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    uninstall = installInputmaskErrorGuard(window);
    const event = scriptError('https://zaymo.ru/assets/inputmask-T2_LXBJw.js');

    window.dispatchEvent(event);

    expect(event.defaultPrevented).toBe(true);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('подавлена'), 'boom');
  });

  it('lets other script errors through', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    uninstall = installInputmaskErrorGuard(window);
    const event = scriptError('https://zaymo.ru/assets/index-abc.js');

    window.dispatchEvent(event);

    expect(event.defaultPrevented).toBe(false);
    expect(warn).not.toHaveBeenCalled();
  });
});
