import { act, renderHook, waitFor } from '@testing-library/react';
import { API_ERRORS } from '@zaymo/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useNotificationsStore } from '@/stores/notifications';
import { apiError, mockApi } from '../../../../test/api';
import { createTestQueryClient } from '../../../../test/render';
import { useBindCard } from './use-bind-card';

vi.mock('../lib/go-to-gateway', () => ({ goToGateway: vi.fn() }));
const { goToGateway } = await import('../lib/go-to-gateway');

function renderBindCard(referer: string) {
  const client = createTestQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useBindCard(referer), { wrapper });
}

describe('useBindCard', () => {
  beforeEach(() => vi.mocked(goToGateway).mockClear());

  it('asks for the card page with its referer, remembers it and leaves', async () => {
    const log = mockApi('/pay/link', { data: { url: 'http://gw.test/page?id=5' } });
    const { result } = renderBindCard('/profile/identity');

    act(() => result.current.bind());

    await waitFor(() => expect(goToGateway).toHaveBeenCalledWith('http://gw.test/page?id=5'));
    expect(log.calls.map((call) => call.query)).toEqual([{ referer: '/profile/identity' }]);
    expect(sessionStorage.getItem('zaymo.payReferer')).toBe('/profile/identity');
    expect(result.current.isPending).toBe(true);
  });

  it('shows a refusal as the error notice and stays', async () => {
    mockApi('/pay/link', apiError('PAYMENTS_NOT_CONNECTED'));
    const { result } = renderBindCard('/cards');

    act(() => result.current.bind());

    await waitFor(() => expect(result.current.isPending).toBe(false));
    const messages = Object.values(useNotificationsStore.getState().notifications).map(
      (notice) => notice.message,
    );
    expect(messages).toEqual([API_ERRORS.PAYMENTS_NOT_CONNECTED.message]);
    expect(goToGateway).not.toHaveBeenCalled();
  });
});
