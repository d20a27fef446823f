import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { useNotificationsStore } from '@/stores/notifications';
import { apiError, apiServer, errorAnswer, mockApi, type MockError } from '../../../../test/api';
import { renderWithQuery } from '../../../../test/render';
import { grouped, LOAN_40, LOAN_42, REGISTRATION } from '../test/fixtures';
import { DocumentsScreen } from './documents';

type Tab = { location: { href: string }; close: () => void };
let tab: Tab;

beforeEach(() => {
  tab = { location: { href: '' }, close: vi.fn() };
  vi.spyOn(window, 'open').mockImplementation(() => tab as unknown as Window);
  URL.createObjectURL = vi.fn(() => 'blob:document');
  URL.revokeObjectURL = vi.fn();
});

/** The PDFs of the documents' links (binary, outside the contract's table): bytes or an error. */
function answerPdf(error?: MockError) {
  const asked: string[] = [];
  apiServer.use(
    http.get('*/api/documents/file/:kind', ({ request }) => {
      const url = new URL(request.url);
      asked.push(url.pathname + url.search);
      if (!error)
        return new HttpResponse('%PDF-1.7', { headers: { 'Content-Type': 'application/pdf' } });
      const { status, body } = errorAnswer(error);
      return HttpResponse.json(body, { status });
    }),
  );
  return asked;
}

const ALL = grouped([...REGISTRATION, ...LOAN_42, ...LOAN_40]);
const section = (name: string) => screen.getByRole('region', { name });

describe('documents page', () => {
  it('shows the four groups, loan documents by loan, with their signatures', async () => {
    mockApi('/documents/client_docs', { data: ALL });
    renderWithQuery(<DocumentsScreen />);

    const registration = await screen.findByRole('region', { name: 'Регистрация' });
    expect(
      within(registration).getByRole('button', { name: /Согласие на обработку/ }),
    ).toHaveAccessibleDescription('Принят 20.11.2026 12:30');
    expect(
      within(registration).getByRole('button', { name: /Политика обработки/ }),
    ).not.toHaveAccessibleDescription();

    const orders = section('Заявки');
    const loans = within(orders).getAllByRole('heading', { level: 3 });
    expect(loans.map((heading) => heading.textContent)).toEqual([
      'Договор № З-000042',
      'Заявка № 40',
    ]);

    const contracts = section('Договоры');
    expect(within(contracts).getByRole('heading', { name: 'Договор № З-000042' })).toBeVisible();
    const terms = within(contracts).getByRole('button', { name: /Индивидуальные условия/ });
    expect(terms).toHaveAccessibleDescription('Подписан АСП 21.11.2026 14:05');

    expect(within(section('Пролонгации')).getByText('Пролонгаций пока не было.')).toBeVisible();
  });

  it('marks a contract not yet signed', async () => {
    const unsigned = LOAN_42.map((document) => ({ ...document, signature: null }));
    mockApi('/documents/client_docs', { data: grouped(unsigned) });
    renderWithQuery(<DocumentsScreen />);

    const contracts = await screen.findByRole('region', { name: 'Договоры' });
    expect(
      within(contracts).getByRole('button', { name: /График платежей/ }),
    ).toHaveAccessibleDescription('Не подписан');
  });

  it('opens a document as a PDF in a new tab, fetched with the token', async () => {
    mockApi('/documents/client_docs', { data: ALL });
    const asked = answerPdf();
    renderWithQuery(<DocumentsScreen />);
    const contracts = await screen.findByRole('region', { name: 'Договоры' });

    await userEvent.click(
      within(contracts).getByRole('button', { name: /Индивидуальные условия/ }),
    );

    expect(window.open).toHaveBeenCalledWith('', '_blank');
    await waitFor(() => expect(tab.location.href).toBe('blob:document'));
    expect(asked).toEqual(['/api/documents/file/individual_terms?order_id=42']);
  });

  it('closes the tab and says so when the PDF cannot be fetched', async () => {
    mockApi('/documents/client_docs', { data: ALL });
    answerPdf(apiError('DOCUMENT_NOT_FOUND'));
    renderWithQuery(<DocumentsScreen />);
    const contracts = await screen.findByRole('region', { name: 'Договоры' });

    await userEvent.click(within(contracts).getByRole('button', { name: /График платежей/ }));

    await waitFor(() => expect(tab.close).toHaveBeenCalled());
    const messages = Object.values(useNotificationsStore.getState().notifications);
    expect(messages.map((notice) => notice.message)).toEqual([
      'Такого документа у этой заявки нет',
    ]);
  });

  it('says when the documents could not be loaded and tries again', async () => {
    let fail = true;
    mockApi('/documents/client_docs', () =>
      fail ? apiError('SERVICE_UNAVAILABLE', { message: '' }) : { data: ALL },
    );
    renderWithQuery(<DocumentsScreen />);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Не удалось загрузить документы');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('region', { name: 'Договоры' })).toBeVisible();
  });
});
