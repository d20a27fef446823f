import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { usePopupsStore } from '@/stores/popups';
import { renderApp } from '../../test/render';
import { answerScreenReads } from '../../test/screen-reads';

async function openDevTest() {
  renderApp('/dev/test');
  await screen.findByRole('heading', { name: 'Тестовая панель' });
}

// The screens this file opens read their data; a test's own answers win.
beforeEach(answerScreenReads);

describe('devTest screen', () => {
  it('«Показать уведомление» shows a success toast', async () => {
    await openDevTest();

    await userEvent.click(screen.getByRole('button', { name: 'Показать уведомление' }));

    const toast = await screen.findByText('Проверка уведомлений');
    expect(toast.closest('.Toastify__toast')).toHaveClass('Toastify__toast--success');
  });

  it('«Показать ошибку» shows an error toast', async () => {
    await openDevTest();

    await userEvent.click(screen.getByRole('button', { name: 'Показать ошибку' }));

    const toast = await screen.findByText('Проверка ошибки');
    expect(toast.closest('.Toastify__toast')).toHaveClass('Toastify__toast--error');
  });

  it('«Открыть попап» opens the documents popup', async () => {
    await openDevTest();

    await userEvent.click(screen.getByRole('button', { name: 'Открыть попап' }));

    expect(await screen.findByRole('dialog', { name: 'Документы' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Закрыть попап' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('«Открыть неизвестный попап» warns and closes it', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await openDevTest();

    await userEvent.click(screen.getByRole('button', { name: 'Открыть неизвестный попап' }));

    expect(warn).toHaveBeenCalledWith(expect.stringContaining('unknownPopup'));
    expect(usePopupsStore.getState().popups).toEqual({});
  });
});
