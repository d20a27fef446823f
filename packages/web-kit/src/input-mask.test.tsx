// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useInputMask } from './input-mask';
import { prepareMaskedFields } from './testing/match-media';

const PHONE_MASK = '+7 (999) 999-99-99';
const PASSPORT_MASK = '99 99 999999';
const DIVISION_CODE_MASK = '999-999';

await prepareMaskedFields();
afterEach(cleanup);

function MaskedInput({ mask }: { mask: string }) {
  return <input aria-label="Поле" ref={useInputMask(mask)} />;
}

async function typeInto(mask: string, text: string): Promise<string> {
  render(<MaskedInput mask={mask} />);
  const input = screen.getByLabelText<HTMLInputElement>('Поле');
  await userEvent.click(input);
  await waitFor(() => expect(input.inputmask).toBeDefined());
  await userEvent.type(input, text);
  return input.value;
}

describe('useInputMask', () => {
  it('formats a phone number', async () => {
    expect(await typeInto(PHONE_MASK, '9123456789')).toBe('+7 (912) 345-67-89');
  });

  it('formats a division code and drops letters', async () => {
    expect(await typeInto(DIVISION_CODE_MASK, '77a0123')).toBe('770-123');
  });

  it('waits for the field’s focus, keeps what was typed before the mask came, and masks it', async () => {
    // The module afresh: inputmask not asked for yet on this page.
    vi.resetModules();
    const fresh = await import('./input-mask');
    const changes: string[] = [];
    function FreshInput() {
      return (
        <input
          aria-label="Поле"
          ref={fresh.useInputMask(PHONE_MASK)}
          onChange={(event) => changes.push(event.target.value)}
        />
      );
    }
    render(<FreshInput />);
    const input = screen.getByLabelText<HTMLInputElement>('Поле');
    // Typed before the app took the field over: the browser's own typing, no mask yet.
    input.value = '97228';
    expect(input.inputmask).toBeUndefined();
    input.focus();
    await waitFor(() => expect(input.inputmask).toBeDefined());
    expect(input.value).toBe('+7 (972) 28_-__-__');
    // The form's handler learns the masked value, not the bare digits.
    expect(changes).toEqual(['+7 (972) 28_-__-__']);
    await userEvent.type(input, '66163');
    expect(input.value).toBe('+7 (972) 286-61-63');
  });

  it('removes the mask when the input unmounts', async () => {
    const { unmount } = render(<MaskedInput mask={PASSPORT_MASK} />);
    const input = screen.getByLabelText<HTMLInputElement>('Поле');
    await userEvent.click(input);
    await waitFor(() => expect(input.inputmask).toBeDefined());

    unmount();

    expect(input.inputmask).toBeUndefined();
  });
});
