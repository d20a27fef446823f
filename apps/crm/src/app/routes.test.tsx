import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderConsole } from '../../test/render';

describe('a direct load of a console address', () => {
  it('shows «Загрузка…» while the screen’s code loads, then the screen, with no router warning', async () => {
    const warn = vi.spyOn(console, 'warn');
    renderConsole('/signin');
    expect(screen.getByRole('status')).toHaveTextContent('Загрузка…');
    expect(await screen.findByRole('heading', { level: 1 })).toBeVisible();
    expect(warn.mock.calls).toEqual([]);
  });
});
