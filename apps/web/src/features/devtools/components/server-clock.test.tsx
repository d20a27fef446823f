import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../../test/api';
import { renderWithQuery } from '../../../../test/render';
import { ServerClock } from './server-clock';

function fakeClock() {
  const moves: unknown[] = [];
  let offset = 0;
  const answer = () => {
    const now = new Date(Date.UTC(2026, 10, 21 + offset, 9, 0)).toISOString();
    return { data: { now, today: now.slice(0, 10), offset_days: offset } };
  };
  mockApi('/dev/clock', answer, { method: 'GET' });
  mockApi(
    '/dev/clock',
    ({ body }) => {
      const { days } = body as { days: number };
      moves.push({ days });
      offset += days;
      return answer();
    },
    { method: 'POST' },
  );
  return moves;
}

describe('server clock', () => {
  it('shows the server date and moves it by +1, +10 and +31 days', async () => {
    const moves = fakeClock();
    renderWithQuery(<ServerClock />);
    expect(await screen.findByTestId('server-clock')).toHaveTextContent('21 ноября 2026');
    expect(screen.getByTestId('server-clock')).toHaveTextContent('Часы идут вровень с настоящими.');

    await userEvent.click(screen.getByRole('button', { name: '+10 дней' }));
    await waitFor(() =>
      expect(screen.getByTestId('server-clock')).toHaveTextContent('1 декабря 2026'),
    );
    expect(screen.getByTestId('server-clock')).toHaveTextContent('Переведены вперёд на 10 дней.');

    await userEvent.click(screen.getByRole('button', { name: '+1 день' }));
    await userEvent.click(screen.getByRole('button', { name: '+31 день' }));
    await waitFor(() => expect(moves).toEqual([{ days: 10 }, { days: 1 }, { days: 31 }]));
    await waitFor(() =>
      expect(screen.getByTestId('server-clock')).toHaveTextContent('Переведены вперёд на 42 дня.'),
    );
  });
});
