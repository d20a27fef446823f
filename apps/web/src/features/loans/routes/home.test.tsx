import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { addDays, ORDER_STATUS, roubles, type EsiaProfile } from '@zaymo/contract';
import { STORAGE_KEYS } from '@/lib/storage';
import { useCalculatorStore } from '@/stores/calculator';
import { useSessionStore } from '@/stores/session';
import { formatDayMonth } from '@zaymo/web-kit';
import { currentPath, renderApp } from '../../../../test/render';
import { VALID_TOKEN } from '../../../../test/stores';
import { fakeLoansApi, makeOrder, SERVER_TODAY } from '../test/fake-loans-api';

async function openCalculator() {
  return within(await screen.findByRole('region', { name: 'Калькулятор займа' }));
}

async function choose10000For30Days() {
  const calculator = await openCalculator();
  const amount = await calculator.findByRole('spinbutton', { name: 'Сумма займа в рублях' });
  await userEvent.clear(amount);
  await userEvent.type(amount, '10000{Enter}');
  fireEvent.input(calculator.getByRole('slider', { name: 'Срок займа' }), {
    target: { value: '30' },
  });
  return calculator;
}

describe('home calculator', () => {
  it('quotes 10 000 ₽ for 30 days live: 12 400 ₽, the due date and ПСК 292,000 %', async () => {
    fakeLoansApi();
    renderApp('/');
    const calculator = await choose10000For30Days();

    const amount = calculator.getByRole('slider', { name: 'Сумма займа' });
    expect(amount).toHaveAttribute('min', '100000');
    expect(amount).toHaveAttribute('max', '3000000');
    expect(amount).toHaveAttribute('step', '50000');
    expect(amount).toHaveAttribute('aria-valuetext', '10\u00a0000\u00a0₽');
    expect(calculator.getByRole('slider', { name: 'Срок займа' })).toHaveAttribute(
      'aria-valuetext',
      '30 дней',
    );
    const summary = calculator.getByTestId('loan-summary');
    expect(summary).toHaveTextContent('12 400 ₽');
    // The due date counts from the server's today, whatever the browser's calendar says.
    expect(summary).toHaveTextContent(`до ${formatDayMonth(addDays(SERVER_TODAY, 30))}`);
    expect(summary).toHaveTextContent('ПСК 292,000 % годовых');

    fireEvent.input(amount, { target: { value: '2000000' } });
    expect(summary).toHaveTextContent('24 800 ₽');
    expect(calculator.getByRole('spinbutton', { name: 'Сумма займа в рублях' })).toHaveValue(20000);
  });

  it('snaps a typed amount onto the tariff limits and step', async () => {
    fakeLoansApi();
    renderApp('/');
    const calculator = await openCalculator();
    const amount = await calculator.findByRole('spinbutton', { name: 'Сумма займа в рублях' });

    await userEvent.clear(amount);
    await userEvent.type(amount, '99999');
    await userEvent.tab();
    expect(amount).toHaveValue(30000);
    await userEvent.clear(amount);
    await userEvent.type(amount, '10240{Enter}');
    expect(amount).toHaveValue(10000);
    expect(useCalculatorStore.getState().amount).toBe(roubles(10_000));
  });

  it('offers insurance unticked and shows its price apart once chosen', async () => {
    fakeLoansApi();
    renderApp('/');
    const calculator = await choose10000For30Days();
    const insurance = calculator.getByRole('checkbox', { name: /Страхование жизни — 300\s₽/ });

    expect(insurance).not.toBeChecked();
    expect(calculator.getByTestId('loan-summary')).not.toHaveTextContent('Страховка');
    await userEvent.click(insurance);
    expect(calculator.getByTestId('loan-summary')).toHaveTextContent('Страховка: 300 ₽');
    expect(calculator.getByTestId('loan-summary')).toHaveTextContent('12 400 ₽');
  });

  it('sends a guest to sign-up with the choice saved in the calculator', async () => {
    fakeLoansApi();
    const { router } = renderApp('/');
    const calculator = await choose10000For30Days();

    await userEvent.click(calculator.getByRole('button', { name: 'Получить деньги' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/signup'));
    const saved = JSON.parse(localStorage.getItem(STORAGE_KEYS.calculator) ?? '{}') as Record<
      string,
      unknown
    >;
    expect(saved).toEqual({ amount: '10000.00', period: 30, tariffId: 1, insuranceIds: [] });
  });
});

describe('«Получить деньги» of a signed-in client', () => {
  it('uses the repeat tariff after a repaid loan', async () => {
    useSessionStore.getState().setToken(VALID_TOKEN);
    const api = fakeLoansApi({ orders: [makeOrder(1, { status_id: ORDER_STATUS.REPAID })] });
    renderApp('/');
    const calculator = await openCalculator();

    await waitFor(() =>
      expect(calculator.getByRole('slider', { name: 'Сумма займа' })).toHaveAttribute(
        'max',
        '5000000',
      ),
    );
    expect(api.sent('GET', '/tariff/repeat')).toHaveLength(1);
    expect(api.sent('GET', '/tariff/default')).toHaveLength(0);
  });

  it('tells a refused client on the calculator when a new application is accepted', async () => {
    useSessionStore.getState().setToken(VALID_TOKEN);
    fakeLoansApi({
      override: (request) =>
        request.path === '/clients/moratorium'
          ? { data: { data: { status: false, end_date: '2027-02-22' } } }
          : undefined,
    });
    renderApp('/');
    const calculator = await openCalculator();

    expect(await calculator.findByText('Новую заявку можно подать с 22.02.2027')).toBeVisible();
  });

  it('sends a client with unfinished identity steps to them', async () => {
    useSessionStore.getState().setToken(VALID_TOKEN);
    fakeLoansApi({ step: 4 });
    const { router } = renderApp('/');
    const calculator = await choose10000For30Days();

    await userEvent.click(calculator.getByRole('button', { name: 'Получить деньги' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/identity'));
  });

  it('shows an operator the pre-order documents but no «Отправить заявку»', async () => {
    useSessionStore.getState().setToken(VALID_TOKEN);
    useSessionStore.getState().setAdmin(true);
    fakeLoansApi({ step: 7 });
    renderApp('/');
    const calculator = await choose10000For30Days();

    await userEvent.click(calculator.getByRole('button', { name: 'Получить деньги' }));
    expect(await calculator.findByRole('heading', { name: 'Документы по заявке' })).toHaveFocus();
    // The form loads in its own chunk: the operator's hint comes with it.
    expect(
      await calculator.findByText(
        'Отправить заявку может только сам клиент: согласие подписывает он.',
      ),
    ).toBeVisible();
    expect(calculator.queryByRole('button', { name: 'Отправить заявку' })).toBeNull();
  });

  it('asks to accept the pre-order documents, then creates the order', async () => {
    useSessionStore.getState().setToken(VALID_TOKEN);
    const api = fakeLoansApi({ step: 7 });
    const { router } = renderApp('/');
    const calculator = await choose10000For30Days();
    await userEvent.click(calculator.getByRole('checkbox', { name: /Страхование жизни/ }));

    await userEvent.click(calculator.getByRole('button', { name: 'Получить деньги' }));
    expect(await calculator.findByRole('heading', { name: 'Документы по заявке' })).toHaveFocus();
    // The form loads in its own chunk; its documents arrive after it.
    expect(
      await calculator.findByRole('button', { name: /Заявление на микрозайм/ }),
    ).toBeInTheDocument();
    await userEvent.click(calculator.getByRole('button', { name: 'Отправить заявку' }));
    expect(
      await calculator.findByText('Подтвердите, что ознакомились с документами'),
    ).toBeVisible();
    expect(api.sent('POST', '/orders/create')).toHaveLength(0);
    const documentsQuery = api.sent('GET', '/documents/preorder_documents')[0]?.query;
    expect(Object.fromEntries(documentsQuery ?? [])).toEqual({
      tariff_id: '1',
      amount: '10000.00',
      period: '30',
      insurance_ids: '3',
    });

    await userEvent.click(calculator.getByRole('checkbox', { name: 'Я ознакомился и согласен' }));
    await userEvent.click(calculator.getByRole('button', { name: 'Отправить заявку' }));

    await waitFor(() => expect(currentPath(router)).toBe('/profile/checkOrder'));
    expect(api.sent('POST', '/orders/create')[0]?.body).toEqual({
      tariff_id: 1,
      amount: '10000.00',
      period: 30,
      insurance_ids: [3],
      accepted_documents: ['loan_application', 'bki_consent'],
    });
  });
});

describe('home legal note', () => {
  it('cites the charges cap as 353-FZ art. 5 part 24, not 151-FZ', async () => {
    fakeLoansApi();
    renderApp('/');
    const note = await screen.findByText(/не могут превышать/);
    expect(note).toHaveTextContent('ч. 24 ст. 5 Федерального закона № 353-ФЗ');
    expect(note).not.toHaveTextContent('151-ФЗ');
  });
});

describe('home order form under the biometric rule of 41-FZ', () => {
  const RULE_IN_FORCE = {
    available: true,
    biometrics_available: true,
    biometric_required: true,
    biometric_required_from: '2027-03-01',
  };

  async function openOrderForm(esia: Partial<EsiaProfile>) {
    useSessionStore.getState().setToken(VALID_TOKEN);
    const api = fakeLoansApi({ step: 7, esia });
    renderApp('/');
    const calculator = await choose10000For30Days();
    await userEvent.click(calculator.getByRole('button', { name: 'Получить деньги' }));
    await calculator.findByRole('button', { name: /Заявление на микрозайм/ });
    return { api, calculator };
  }

  it('says before the order why the law refuses it and offers «Подтвердить, что это вы»', async () => {
    const { calculator } = await openOrderForm({
      ...RULE_IN_FORCE,
      linked: true,
      identification_level: 'esia_confirmed',
    });

    const rule = await calculator.findByText(
      'Нужно подтвердить личность через Госуслуги и биометрию',
    );
    const notice = within(rule.parentElement ?? rule);
    expect(notice.getByText(/С 01\.03\.2027 заём онлайн выдаётся только тому/)).toHaveTextContent(
      'Федеральный закон № 41-ФЗ',
    );
    expect(notice.getByText(/Нажмите «Подтвердить, что это вы»/)).toBeVisible();
    expect(
      notice.getByRole('button', { name: 'Подтвердить, что это вы (биометрия)' }),
    ).toBeVisible();
    expect(
      calculator.getByRole('button', { name: 'Отправить заявку' }),
    ).toHaveAccessibleDescription(/Федеральный закон № 41-ФЗ/);
  });

  it('sends a client who typed the data to link Госуслуги first', async () => {
    const { calculator } = await openOrderForm({
      ...RULE_IN_FORCE,
      linked: false,
      identification_level: 'self_entered',
    });

    expect(await calculator.findByText(/Свяжите кабинет с Госуслугами/)).toBeVisible();
    expect(calculator.getByRole('button', { name: 'Связать с Госуслугами' })).toBeVisible();
  });

  it.each([
    { linked: true, identification_level: 'esia_biometric' as const },
    { biometric_required: false, identification_level: 'self_entered' as const },
  ])('says nothing when the law is met: %o', async (esia) => {
    const identified = await openOrderForm({ ...RULE_IN_FORCE, ...esia });
    await waitFor(() => expect(identified.api.sent('GET', '/clients/profile')).toHaveLength(1));
    expect(identified.calculator.queryByText(/41-ФЗ/)).toBeNull();
    expect(
      identified.calculator.getByRole('button', { name: 'Отправить заявку' }),
    ).not.toHaveAccessibleDescription();
  });
});
