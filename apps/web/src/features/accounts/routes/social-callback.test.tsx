import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiErrorMessage } from '@zaymo/contract';
import { useDashboardStore } from '@/stores/dashboard';
import { useSessionStore } from '@/stores/session';
import { apiError } from '../../../../test/api';
import { currentPath, renderApp } from '../../../../test/render';
import { VALID_TOKEN } from '../../../../test/stores';
import { answerScreenReads } from '../../../../test/screen-reads';
import { mockAccountsApi, session } from '../test-fixtures';

const CODE = 'login-code-0123456789abcdef';

describe('/social/callback', () => {
  it('exchanges the code once for a session and opens the main page link', async () => {
    const api = mockAccountsApi({ 'POST /clients/social/exchange': session() });
    useDashboardStore.getState().setMainPageLink('/cards');
    const { router } = renderApp(`/social/callback?code=${CODE}`);

    await waitFor(() => expect(currentPath(router)).toBe('/cards'));
    expect(useSessionStore.getState().token).toBe(VALID_TOKEN);
    expect(api.callsTo('POST /clients/social/exchange').map((call) => call.body)).toEqual([
      { code: CODE },
    ]);
  });

  it('explains a stale link and links back to sign-in', async () => {
    mockAccountsApi({
      'POST /clients/social/exchange': apiError('VALIDATION', {
        message: 'Ссылка для входа недействительна или устарела. Запросите новую',
      }),
    });
    renderApp(`/social/callback?code=${CODE}`);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Ссылка для входа недействительна или устарела',
    );
    expect(screen.getByRole('link', { name: 'Перейти ко входу' })).toHaveAttribute(
      'href',
      '/signin',
    );
    expect(useSessionStore.getState().token).toBeNull();
  });

  it('explains a link without a code', async () => {
    const api = mockAccountsApi({});
    renderApp('/social/callback');

    expect(await screen.findByRole('alert')).toHaveTextContent('Ссылка для входа неполная');
    expect(api.callsTo('POST /clients/social/exchange')).toHaveLength(0);
  });
});

const STATE = 'esia-state-0123456789abcdef';
const ESIA_RETURN = 'POST /esia/return';

describe('/social/callback back from Госуслуги', () => {
  beforeEach(answerScreenReads);
  afterEach(() => sessionStorage.clear());

  it('sends the state and code once, then asks the new client to confirm the phone Госуслуги know', async () => {
    const api = mockAccountsApi({
      [ESIA_RETURN]: {
        data: {
          outcome: 'signup',
          esia_ticket: 'ticket-1',
          phone: '+79161000001',
          full_name: 'Пётр Алексеевич',
        },
      },
    });
    const { router } = renderApp(`/social/callback?state=${STATE}&code=esia-code`);

    await waitFor(() => expect(currentPath(router)).toBe('/signup'));
    expect(await screen.findByText(/Пётр Алексеевич, данные с Госуслуг получены/)).toBeVisible();
    expect(await screen.findByLabelText('Номер телефона')).toHaveValue('+7 (916) 100-00-01');
    expect(api.callsTo(ESIA_RETURN).map((call) => call.body)).toEqual([
      { state: STATE, code: 'esia-code' },
    ]);
    expect(useSessionStore.getState().token).toBeNull();
  });

  it('signs in the client Госуслуги are linked to and opens the main page link', async () => {
    mockAccountsApi({ [ESIA_RETURN]: { data: { outcome: 'signed_in', ...session().data } } });
    useDashboardStore.getState().setMainPageLink('/cards');
    const { router } = renderApp(`/social/callback?state=${STATE}&code=esia-code`);

    await waitFor(() => expect(currentPath(router)).toBe('/cards'));
    expect(useSessionStore.getState().token).toBe(VALID_TOKEN);
  });

  it.each([
    'ESIA_STATE_REFUSED',
    'ESIA_CODE_REFUSED',
    'ESIA_SCOPES_REFUSED',
    'ESIA_CONSENT_REFUSED',
    'ESIA_UNCONFIRMED_ACCOUNT',
  ] as const)('a guest refused with %s reads why and goes back to sign-in', async (code) => {
    mockAccountsApi({ [ESIA_RETURN]: apiError(code) });
    renderApp(`/social/callback?state=${STATE}&error=access_denied`);

    expect(await screen.findByRole('alert')).toHaveTextContent(apiErrorMessage(code));
    expect(screen.getByRole('link', { name: 'Перейти ко входу' })).toHaveAttribute(
      'href',
      '/signin',
    );
    expect(useSessionStore.getState().token).toBeNull();
  });

  it('a client whose Госуслуги are linked to another cabinet reads so and goes back to the profile', async () => {
    useSessionStore.getState().setToken(VALID_TOKEN);
    mockAccountsApi({ [ESIA_RETURN]: apiError('ESIA_LINKED_ELSEWHERE') });
    renderApp(`/social/callback?state=${STATE}&code=esia-code`);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      apiErrorMessage('ESIA_LINKED_ELSEWHERE'),
    );
    expect(
      screen.getByRole('heading', { level: 1, name: 'Госуслуги: не получилось' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Вернуться в профиль' })).toHaveAttribute(
      'href',
      '/person',
    );
    expect(useSessionStore.getState().token).toBe(VALID_TOKEN);
  });

  it('titles the screen with the link made, not with a sign-in', async () => {
    useSessionStore.getState().setToken(VALID_TOKEN);
    mockAccountsApi({ [ESIA_RETURN]: { data: { outcome: 'linked', mismatches: [] } } });
    renderApp(`/social/callback?state=${STATE}&code=esia-code`);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Госуслуги связаны' }),
    ).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Теперь можно входить через Госуслуги, а анкета берёт данные оттуда.',
    );
    await waitFor(() => expect(document.title).toBe('Госуслуги связаны — Займо'));
  });

  it('says a link made and sends a client with differences to the questionnaire', async () => {
    useSessionStore.getState().setToken(VALID_TOKEN);
    mockAccountsApi({ [ESIA_RETURN]: { data: { outcome: 'linked', mismatches: ['passport'] } } });
    renderApp(`/social/callback?state=${STATE}&code=esia-code`);

    expect(
      await screen.findByText(
        'Данные на шагах анкеты отличаются от Госуслуг: проверьте их в анкете.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Перейти к анкете' })).toHaveAttribute(
      'href',
      '/profile/identity',
    );
  });

  it('says a failed biometric check as an alert, in the server’s words', async () => {
    useSessionStore.getState().setToken(VALID_TOKEN);
    const message = 'Ваша биометрия не найдена в Единой биометрической системе';
    mockAccountsApi({ [ESIA_RETURN]: { data: { outcome: 'biometrics', passed: false, message } } });
    renderApp(`/social/callback?state=${STATE}&code=esia-code`);

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Личность не подтверждена' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Вернуться в профиль' })).toHaveAttribute(
      'href',
      '/person',
    );
  });
});
