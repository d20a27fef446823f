import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { POPUP_REGISTRY } from '@/app/popup-registry';
import { PopupHost } from '@/components/popup/popup-host';
import { ApiError } from '@/lib/api-client';
import { useSessionStore } from '@/stores/session';
import { requestSmsCode, SmsCodeCancelledError } from '@/stores/sms-code';
import { apiError } from '../../../../test/api';
import { renderWithQuery } from '../../../../test/render';
import { VALID_TOKEN } from '../../../../test/stores';
import { mockAccountsApi } from '../test-fixtures';

const SENT = { data: { resend_after: 60, expires_in: 300 } };

function openHost() {
  useSessionStore.getState().setToken(VALID_TOKEN);
  renderWithQuery(<PopupHost registry={POPUP_REGISTRY} />);
  return userEvent.setup();
}

describe('requestSmsCode and the smsCode popup', () => {
  it('sends the code on open, counts down, and resolves with the entered code', async () => {
    const api = mockAccountsApi({ 'POST /sms/send': SENT });
    const user = openHost();

    let pending!: Promise<string>;
    act(() => {
      pending = requestSmsCode({
        purpose: 'sign',
        subject: { orderId: 7 },
        title: 'Подписание договора',
      });
    });

    const dialog = await screen.findByRole('dialog', { name: 'Подписание договора' });
    expect(await screen.findByText('Отправить код повторно через 1:00')).toBeVisible();
    expect(dialog).toHaveTextContent('Код отправлен на ваш номер телефона.');
    await user.type(screen.getByRole('textbox', { name: 'Код из СМС' }), '246810');
    await user.click(screen.getByRole('button', { name: 'Подтвердить' }));

    await expect(pending).resolves.toBe('246810');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('POST /sms/send')).toHaveLength(1);
    expect(api.callsTo('POST /sms/send')[0]?.body).toEqual({ purpose: 'sign', order_id: 7 });
  });

  it('names the prolongation a signing code is for, also when sent again', async () => {
    const api = mockAccountsApi({
      'POST /sms/send': { data: { resend_after: 0, expires_in: 300 } },
    });
    const user = openHost();
    act(() => {
      void requestSmsCode({ purpose: 'sign', subject: { orderId: 7, prolongation: 14 } }).catch(
        () => undefined,
      );
    });
    await user.click(await screen.findByRole('button', { name: 'Отправить код ещё раз' }));
    await waitFor(() => expect(api.callsTo('POST /sms/send')).toHaveLength(2));
    for (const call of api.callsTo('POST /sms/send')) {
      expect(call.body).toEqual({ purpose: 'sign', order_id: 7, prolongation: 14 });
    }
  });

  it('sends a phone change code to the new phone it is given', async () => {
    const api = mockAccountsApi({ 'POST /sms/send': SENT });
    openHost();

    act(() => {
      void requestSmsCode({ purpose: 'phone_change', phone: '+79005554433' }).catch(
        () => undefined,
      );
    });

    expect(await screen.findByText('Код отправлен на номер +7 (900) 555-44-33')).toBeVisible();
    expect(api.callsTo('POST /sms/send')[0]?.body).toEqual({
      purpose: 'phone_change',
      phone: '+79005554433',
    });
  });

  it('keeps the popup open with the message under the field when verify rejects the code', async () => {
    mockAccountsApi({ 'POST /sms/send': SENT });
    const user = openHost();
    const tried: string[] = [];
    const verify = async (code: string) => {
      tried.push(code);
      if (code === '111111')
        throw new ApiError(400, {
          code: 'VALIDATION',
          message: 'Неверный код. Осталось попыток: 4',
        });
    };

    let pending!: Promise<string>;
    act(() => {
      pending = requestSmsCode({ purpose: 'sign', verify });
    });
    const code = await screen.findByRole('textbox', { name: 'Код из СМС' });
    await user.type(code, '111111');
    await user.click(screen.getByRole('button', { name: 'Подтвердить' }));

    expect(await screen.findByText('Неверный код. Осталось попыток: 4')).toBeVisible();
    expect(screen.getByRole('dialog')).toBeVisible();

    await user.clear(code);
    await user.type(code, '222222');
    await user.click(screen.getByRole('button', { name: 'Подтвердить' }));

    await expect(pending).resolves.toBe('222222');
    expect(tried).toEqual(['111111', '222222']);
  });

  it('rejects with SmsCodeCancelledError when the client closes the popup', async () => {
    mockAccountsApi({ 'POST /sms/send': SENT });
    const user = openHost();

    let pending!: Promise<string>;
    act(() => {
      pending = requestSmsCode({ purpose: 'sign' });
    });
    const outcome = pending.catch((error: unknown) => error);
    await screen.findByRole('dialog');
    await user.click(screen.getByRole('button', { name: 'Закрыть попап' }));

    expect(await outcome).toBeInstanceOf(SmsCodeCancelledError);
  });

  it('a newer request cancels the older one', async () => {
    mockAccountsApi({ 'POST /sms/send': SENT });
    openHost();

    let first!: Promise<string>;
    act(() => {
      first = requestSmsCode({ purpose: 'sign', title: 'Первый' });
    });
    const outcome = first.catch((error: unknown) => error);
    act(() => {
      void requestSmsCode({ purpose: 'sign', title: 'Второй' }).catch(() => undefined);
    });

    expect(await outcome).toBeInstanceOf(SmsCodeCancelledError);
    expect(await screen.findByRole('dialog', { name: 'Второй' })).toBeVisible();
  });

  it('after a 429 still takes the code already sent and waits retry_after to resend', async () => {
    mockAccountsApi({
      'POST /sms/send': apiError('TOO_MANY_REQUESTS', {
        message: 'Код уже отправлен',
        retry_after: 42,
      }),
    });
    openHost();

    act(() => {
      void requestSmsCode({ purpose: 'sign' }).catch(() => undefined);
    });

    expect(await screen.findByText('Код уже отправлен')).toBeVisible();
    expect(screen.getByText('Отправить код повторно через 0:42')).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Код из СМС' })).toBeEnabled();
  });

  it('says the request is stale when opened without one', async () => {
    openHost();
    const { openPopup } = await import('@/stores/popups');
    act(() => openPopup('smsCode', { purpose: 'sign' }));
    await waitFor(() =>
      expect(screen.getByRole('dialog', { name: 'Код из СМС' })).toHaveTextContent(
        'Запрос кода устарел',
      ),
    );
  });
});
