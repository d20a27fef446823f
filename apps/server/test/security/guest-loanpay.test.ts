import { loanpayLookupResponseSchema } from '@zaymo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastOutboxMessage, uniqueIp } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { DAY_MS, givenLoan, LONG_SESSIONS, type Loan } from '../api/servicing-helpers';
import { AttackTally } from './tally';

/**
 * Guessing the birth date of a sequential contract number from many addresses.
 * Five failed look-ups a Moscow day close that contract's guest look-up until the next day, from
 * every address, and the client gets an SMS; a missing contract answers exactly the same.
 */
const tally = new AttackTally();
const CLASS = 'guest payment look-up: birth date guessed from many addresses';

describe('guest payment look-up, per contract', () => {
  let testApp: TestApp;
  let loan: Loan;
  beforeAll(async () => {
    testApp = await createTestApp({ env: LONG_SESSIONS });
    loan = await givenLoan(testApp);
  });
  afterAll(async () => {
    tally.print();
    await testApp.close();
  });

  const lookup = (contract: string, birthDate: string) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/loanpay/lookup',
      remoteAddress: uniqueIp(),
      payload: { contract_number: contract, birth_date: birthDate },
    });

  async function guessFromManyAddresses(contract: string) {
    const answers: { status: number; body: object }[] = [];
    for (let day = 1; day <= 12; day += 1) {
      const guess = `1990-03-${String(day).padStart(2, '0')}`;
      const response = await lookup(contract, guess);
      // retry_after counts down to Moscow midnight with the running clock: compare the rest.
      const { retry_after: retryAfter, ...body } = response.json<{ retry_after?: number }>();
      if (response.statusCode === 429) expect(retryAfter).toBeGreaterThan(0);
      answers.push({ status: response.statusCode, body });
      tally.record(CLASS, `${contract} ${guess}`, response.statusCode !== 200);
    }
    return answers;
  }

  it('closes a contract after 5 failed look-ups a day, tells the client, and reopens tomorrow', async () => {
    const existing = await guessFromManyAddresses(loan.contract);
    const missing = await guessFromManyAddresses('ЗМ-990001');
    expect(existing.map((answer) => answer.status)).toEqual([
      ...Array(5).fill(404),
      ...Array(7).fill(429),
    ]);
    // A wrong date and a missing contract: the same answers, look-up by look-up.
    expect(missing).toEqual(existing);

    const right = await lookup(loan.contract, '1990-02-14');
    tally.record(CLASS, 'the right date after the lock', right.statusCode === 429);
    expect(right.statusCode).toBe(429);
    expect(right.json<{ message: string }>().message).toContain('откроется завтра');

    const sms = await lastOutboxMessage(testApp, loan.borrower.client.phone, 'sms');
    expect(sms.body).toContain(loan.contract);
    expect(sms.body).toContain('закрыта до завтра');

    testApp.clock.advanceBy(DAY_MS);
    const tomorrow = await lookup(loan.contract, '1990-02-14');
    expect(tomorrow.statusCode, tomorrow.body).toBe(200);
    expect(loanpayLookupResponseSchema.parse(tomorrow.json()).data?.contract_number).toBe(
      loan.contract,
    );
  });
});
