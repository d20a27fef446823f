import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DIVISION_CODE_MASK, PASSPORT_MASK, PHONE_MASK, useInputMask } from './input-mask';

function MaskedInput({ mask }: { mask: string }) {
  return <input aria-label="Поле" ref={useInputMask(mask)} />;
}

async function typeInto(mask: string, text: string): Promise<string> {
  render(<MaskedInput mask={mask} />);
  const input = screen.getByLabelText<HTMLInputElement>('Поле');
  await userEvent.type(input, text);
  await waitFor(() => expect(input.inputmask).toBeDefined());
  return input.value;
}

describe('useInputMask', () => {
  it('exports the product masks', () => {
    expect(PHONE_MASK).toBe('+7 (999) 999-99-99');
    expect(PASSPORT_MASK).toBe('99 99 999999');
    expect(DIVISION_CODE_MASK).toBe('999-999');
  });

  it('formats a phone number', async () => {
    expect(await typeInto(PHONE_MASK, '9123456789')).toBe('+7 (912) 345-67-89');
  });

  it('formats a division code and drops letters', async () => {
    expect(await typeInto(DIVISION_CODE_MASK, '77a0123')).toBe('770-123');
  });

  it('removes the mask when the input unmounts', async () => {
    const { unmount } = render(<MaskedInput mask={PASSPORT_MASK} />);
    const input = screen.getByLabelText<HTMLInputElement>('Поле');
    input.focus();
    await waitFor(() => expect(input.inputmask).toBeDefined());

    unmount();

    expect(input.inputmask).toBeUndefined();
  });
});

describe('inputmask loads when a masked field first needs it (issue 14)', () => {
  /** A fresh copy of this module with a stand-in inputmask that records what it was asked. */
  async function withStandIn() {
    vi.resetModules();
    const masked: string[] = [];
    const library = Object.assign(
      (mask: string) => ({
        mask: (input: HTMLInputElement) => masked.push(`${mask} ${input.value}`),
      }),
      { extendDefaults: () => undefined },
    );
    let imported = false;
    vi.doMock('inputmask', () => {
      imported = true;
      return { default: library };
    });
    const { useInputMask: useFreshMask } = await import('./input-mask');
    function Field({ label, value }: { label: string; value?: string }) {
      return <input aria-label={label} defaultValue={value} ref={useFreshMask(PHONE_MASK)} />;
    }
    return { Field, masked, imported: () => imported };
  }

  afterEach(() => {
    vi.doUnmock('inputmask');
    vi.resetModules();
  });

  it('masks a field holding a value at once, and an empty one on its first focus', async () => {
    const { Field, masked, imported } = await withStandIn();
    render(<Field label="Пустое" />);
    await act(async () => undefined);
    expect(imported()).toBe(false);

    render(<Field label="Заполненное" value="9123456789" />);
    // Once the filled field is masked the library is here: the empty one still waits.
    await waitFor(() => expect(masked).toEqual([`${PHONE_MASK} 9123456789`]));

    screen.getByLabelText('Пустое').focus();

    await waitFor(() => expect(masked).toEqual([`${PHONE_MASK} 9123456789`, `${PHONE_MASK} `]));
  });
});
