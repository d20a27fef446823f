import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  loadConfig,
  SANDBOX_BEST2PAY_PASSWORD,
  SANDBOX_BEST2PAY_SECTOR,
} from '../../config';
import { createPaymentsGateway } from './gateway';
import { paymentMethods } from './payment-methods';

const CWD = '/srv/zaymo';

describe('card payments configuration', () => {
  it('uses this server’s sandbox gateway by default, called in-process', () => {
    const config = loadConfig({ PORT: '3100' }, CWD);
    expect(config.best2pay).toEqual({
      url: 'http://127.0.0.1:3100/sandbox/best2pay',
      sector: SANDBOX_BEST2PAY_SECTOR,
      password: SANDBOX_BEST2PAY_PASSWORD,
      inProcess: true,
    });
    expect(config.best2paySandbox).toMatchObject({
      notify: true,
      notifyUrl: 'http://127.0.0.1:3100/api/pay/notify/best2pay',
    });
  });

  it('builds the sandbox addresses on PUBLIC_URL when it is set', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://lk.zaymo.test/' }, CWD);
    expect(config.best2pay?.url).toBe('https://lk.zaymo.test/sandbox/best2pay');
    expect(config.publicUrl).toBe('https://lk.zaymo.test');
    expect(config.best2paySandbox.notifyUrl).toBe('https://lk.zaymo.test/api/pay/notify/best2pay');
  });

  it('talks to the real gateway over HTTP when BEST2PAY_URL is set, with its sector and password', () => {
    const config = loadConfig(
      {
        BEST2PAY_URL: 'https://test.best2pay.net/',
        BEST2PAY_SECTOR: '2760',
        BEST2PAY_PASSWORD: 'sector-secret',
      },
      CWD,
    );
    expect(config.best2pay).toMatchObject({
      url: 'https://test.best2pay.net',
      sector: '2760',
      inProcess: false,
    });
  });

  it('refuses BEST2PAY_URL without the sector or the password, naming no value', () => {
    expect(() => loadConfig({ BEST2PAY_URL: 'https://pay.best2pay.net' }, CWD)).toThrow(
      ConfigError,
    );
    expect(() =>
      loadConfig({ BEST2PAY_URL: 'https://pay.best2pay.net', BEST2PAY_SECTOR: 'abc' }, CWD),
    ).toThrow(/BEST2PAY_SECTOR/);
  });

  it('has no card payments in production without BEST2PAY_URL: the method reads «Не подключено»', () => {
    const config = loadConfig(
      { NODE_ENV: 'production', APP_SECRET: 'a-production-secret-of-32-characters-or-more' },
      CWD,
    );
    expect(config.best2pay).toBeNull();
    expect(createPaymentsGateway(config, fetch)).toBeNull();
    expect(paymentMethods(config, 'payout')[0]).toMatchObject({
      enabled: false,
      reason: 'Не подключено',
    });
  });

  it('can switch the sandbox notifications off', () => {
    expect(loadConfig({ BEST2PAY_SANDBOX_NOTIFY: '0' }, CWD).best2paySandbox.notify).toBe(false);
  });
});
