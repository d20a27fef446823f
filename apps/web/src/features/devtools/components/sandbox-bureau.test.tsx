import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi } from '../../../../test/api';
import { renderWithQuery } from '../../../../test/render';
import { SandboxBureau } from './sandbox-bureau';

describe('the sandbox bureau on /dev/test', () => {
  it('lists the words the bureau answers by, and the events it accepted', async () => {
    mockApi('/dev/bureau', {
      data: {
        rules: [
          { words: 'самозапрет', answer: 'в истории действует самозапрет на займы' },
          { words: 'бюро молчит', answer: 'бюро не отвечает' },
        ],
        events: [
          {
            event_id: '7c0a',
            code: '2.5',
            deal_uid: 'c5494e2d-f863-183f-a7fc-db31a0606625-a',
            surname: 'Смирнова',
            figure: '0.00',
            received_at: '2026-11-26T09:00:00.000Z',
            times_received: 2,
          },
        ],
      },
    });
    renderWithQuery(<SandboxBureau />);
    expect(await screen.findByText('самозапрет')).toBeVisible();
    expect(screen.getByText('бюро не отвечает')).toBeVisible();
    const [event] = screen.getAllByTestId('bureau-event');
    expect(event).toHaveTextContent('26.11.2026');
    expect(event).toHaveTextContent('событие 2.5');
    expect(event).toHaveTextContent('получено раз: 2, в истории одно');
    expect(event).toHaveTextContent('Смирнова');
  });

  it('says so when the sandbox is off', async () => {
    mockApi('/dev/bureau', apiError('NOT_FOUND'));
    renderWithQuery(<SandboxBureau />);
    expect(await screen.findByText('Не удалось загрузить сведения песочницы бюро.')).toBeVisible();
  });
});
