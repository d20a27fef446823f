import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { openPopup, usePopupsStore } from '@/stores/popups';
import { PopupHost } from './popup-host';
import type { PopupContentProps, PopupRegistry } from './types';
import { advanceTimers } from '../../../test/timers';

/** Signals ready only when the test presses «Готово», like a body that loads data first. */
function SlowBody({ onReady, onClose, titleId }: PopupContentProps) {
  return (
    <div>
      <h2 id={titleId}>Медленный</h2>
      <button onClick={onReady}>Готово</button>
      <button onClick={onClose}>Отмена</button>
    </div>
  );
}

function ReadyBody({ onReady, titleId }: PopupContentProps) {
  useEffect(() => onReady(), [onReady]);
  return <h2 id={titleId}>Готовый</h2>;
}

const registry: PopupRegistry = { slow: SlowBody, ready: ReadyBody };

function renderHost() {
  return render(<PopupHost registry={registry} />);
}

function openReady(data?: Parameters<typeof openPopup>[1]) {
  act(() => openPopup('ready', data));
  return screen.getByRole('dialog', { name: 'Готовый' });
}

describe('PopupHost', () => {
  it('adds a popup closed and opens it when its body signals ready', async () => {
    renderHost();
    act(() => openPopup('slow'));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(usePopupsStore.getState().popups.slow?.isOpen).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Готово', hidden: true }));

    expect(screen.getByRole('dialog', { name: 'Медленный' })).toBeVisible();
    expect(usePopupsStore.getState().popups.slow?.isOpen).toBe(true);
  });

  it('is a modal dialog that takes the focus', () => {
    renderHost();
    const dialog = openReady();

    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveFocus();
  });

  it('closes on an outside click only 333 ms after opening', () => {
    vi.useFakeTimers();
    renderHost();
    openReady();
    const overlay = screen.getByTestId('popup-overlay-ready');

    advanceTimers(332);
    fireEvent.click(overlay);
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    advanceTimers(1);
    fireEvent.click(overlay);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(usePopupsStore.getState().popups).toEqual({});
  });

  it('ignores clicks inside the dialog', () => {
    vi.useFakeTimers();
    renderHost();
    const dialog = openReady();
    advanceTimers(400);

    fireEvent.click(dialog);

    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('never closes on an outside click or Escape with data.noClose', () => {
    vi.useFakeTimers();
    renderHost();
    const dialog = openReady({ noClose: true });
    advanceTimers(1000);

    fireEvent.click(screen.getByTestId('popup-overlay-ready'));
    fireEvent.keyDown(dialog, { key: 'Escape' });

    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('closes with the close button at any time, even right after opening', () => {
    renderHost();
    openReady({ noClose: true });

    fireEvent.click(screen.getByRole('button', { name: 'Закрыть попап' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('has the close image inside a button', () => {
    renderHost();
    openReady();

    const image = screen.getByAltText('Закрыть попап');
    expect(image.tagName).toBe('IMG');
    expect(image.closest('button')).not.toBeNull();
  });

  it('closes with Escape when closable', () => {
    renderHost();
    const dialog = openReady();

    fireEvent.keyDown(dialog, { key: 'Escape' });

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes when the body signals close', async () => {
    renderHost();
    act(() => openPopup('slow'));
    await userEvent.click(screen.getByRole('button', { name: 'Готово', hidden: true }));

    await userEvent.click(screen.getByRole('button', { name: 'Отмена' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('applies small, big, class and outerClass', () => {
    renderHost();
    const dialog = openReady({ small: true, big: true, class: 'wide', outerClass: 'dim' });

    expect(dialog).toHaveClass('popup', 'popup--small', 'popup--big', 'wide');
    expect(screen.getByTestId('popup-overlay-ready')).toHaveClass('popup-overlay', 'dim');
  });

  it('warns about an unknown name and removes the popup', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderHost();

    act(() => openPopup('nope'));

    expect(warn).toHaveBeenCalledWith(expect.stringContaining('nope'));
    expect(usePopupsStore.getState().popups).toEqual({});
    expect(screen.queryByRole('dialog', { hidden: true })).not.toBeInTheDocument();
  });

  it('does not treat inherited object keys as popup names', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderHost();

    act(() => openPopup('toString'));

    expect(warn).toHaveBeenCalled();
    expect(usePopupsStore.getState().popups).toEqual({});
  });
});
