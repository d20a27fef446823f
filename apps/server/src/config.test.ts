import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEV_APP_SECRET, loadConfig } from './config';

const CWD = '/srv/zaymo';

describe('loadConfig', () => {
  it('runs with no environment at all: port 3000 on the loopback, PGlite in ./data, sandbox on', () => {
    const config = loadConfig({}, CWD);
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.sandboxDemoAdmin).toBe(true);
    expect(config.databaseUrl).toBeNull();
    expect(config.dataDir).toBe(path.join(CWD, 'data'));
    expect(config.pgliteDir).toBe(path.join(CWD, 'data', 'pglite'));
    expect(config.filesDir).toBe(path.join(CWD, 'data', 'files'));
    expect(config.sandbox).toBe(true);
    expect(config.logLevel).toBe('info');
  });

  it('keeps sessions 7 days idle and 30 days at most; operators 2 hours', () => {
    expect(loadConfig({}, CWD).session).toEqual({
      idleMinutes: 7 * 24 * 60,
      absoluteMinutes: 30 * 24 * 60,
      operatorMinutes: 120,
    });
  });

  const SECRET = { APP_SECRET: 'a-real-secret-of-at-least-32-characters' };

  it.each([
    [{ NODE_ENV: 'production', ...SECRET }, false],
    [{ NODE_ENV: 'production', SANDBOX: '1' }, true],
    [{ NODE_ENV: 'production', SANDBOX: 'true' }, true],
    [{ NODE_ENV: 'development', SANDBOX: '0' }, false],
    [{ NODE_ENV: 'test' }, true],
  ])('sandbox for %j is %s', (env, expected) => {
    expect(loadConfig(env, CWD).sandbox).toBe(expected);
  });

  it('resolves DATA_DIR against the working directory and keeps absolute paths', () => {
    expect(loadConfig({ DATA_DIR: 'var/db' }, CWD).pgliteDir).toBe('/srv/zaymo/var/db/pglite');
    expect(loadConfig({ DATA_DIR: '/mnt/data' }, CWD).filesDir).toBe('/mnt/data/files');
  });

  it('switches to PostgreSQL when DATABASE_URL is set', () => {
    const url = 'postgres://zaymo:secret@db:5432/zaymo';
    expect(loadConfig({ DATABASE_URL: url }, CWD).databaseUrl).toBe(url);
    expect(loadConfig({ DATABASE_URL: url }, CWD).databaseReplicaUrl).toBeNull();
  });

  it('takes a replica for the reads that may lag only beside DATABASE_URL', () => {
    const primary = 'postgres://zaymo:secret@127.0.0.1:5000/zaymo';
    const replica = 'postgres://zaymo:secret@127.0.0.1:5001/zaymo';
    const both = { DATABASE_URL: primary, DATABASE_REPLICA_URL: replica };
    expect(loadConfig(both, CWD).databaseReplicaUrl).toBe(replica);
    expect(() => loadConfig({ DATABASE_REPLICA_URL: replica }, CWD)).toThrow(
      /DATABASE_REPLICA_URL: задаётся только вместе с DATABASE_URL/,
    );
    expect(() => loadConfig({ ...both, DATABASE_REPLICA_URL: 'mysql://db/x' }, CWD)).toThrow(
      /DATABASE_REPLICA_URL: ожидается адрес вида postgres/,
    );
  });

  it('treats empty variables as unset', () => {
    const config = loadConfig({ PORT: '', DATABASE_URL: ' ', SANDBOX: '' }, CWD);
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeNull();
    expect(config.sandbox).toBe(true);
  });

  it('takes the automatic messages’ days as sorted lists; 0 turns a kind off', () => {
    expect(loadConfig({}, CWD).loans.servicing.reminders).toEqual({
      daysBefore: [1, 3],
      overdueNoticeDays: 7,
      dunningDays: [3, 7, 14, 30],
    });
    const set = loadConfig({ REMINDER_DAYS_BEFORE: '5,1,5', DUNNING_DAYS: '0' }, CWD);
    expect(set.loans.servicing.reminders.daysBefore).toEqual([1, 5]);
    expect(set.loans.servicing.reminders.dunningDays).toEqual([]);
    expect(() => loadConfig({ DUNNING_DAYS: '3;7' }, CWD)).toThrow(/DUNNING_DAYS/);
  });

  it('takes company details from the environment', () => {
    const config = loadConfig({ BRAND_NAME: 'Займо Плюс', SUPPORT_PHONE: '8 800 100-00-00' }, CWD);
    expect(config.company.brand).toBe('Займо Плюс');
    expect(config.company.support_phone).toBe('8 800 100-00-00');
    expect(config.company.legal_name).toBe('ООО МКК «Займо»');
  });

  it('has default ОГРН and ИНН with valid check digits', () => {
    const { ogrn, inn } = loadConfig({}, CWD).company;
    expect(Number(BigInt(ogrn.slice(0, 12)) % 11n) % 10).toBe(Number(ogrn[12]));
    const weights = [2, 4, 10, 3, 5, 9, 4, 6, 8];
    const sum = weights.reduce((total, weight, index) => total + weight * Number(inn[index]), 0);
    expect((sum % 11) % 10).toBe(Number(inn[9]));
  });

  it('names every wrong variable, never its value', () => {
    const attempt = () =>
      loadConfig(
        { PORT: 'восемьдесят', DATABASE_URL: 'mysql://root:hunter2@db/x', SANDBOX: 'maybe' },
        CWD,
      );
    expect(attempt).toThrow(ConfigError);
    const message = (() => {
      try {
        attempt();
        return '';
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(message).toContain('PORT');
    expect(message).toContain('DATABASE_URL');
    expect(message).toContain('SANDBOX');
    expect(message).not.toContain('hunter2');
  });

  it('requires APP_SECRET outside the sandbox and refuses the public dev default there', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' }, CWD)).toThrow(/APP_SECRET/);
    expect(() => loadConfig({ NODE_ENV: 'production', APP_SECRET: DEV_APP_SECRET }, CWD)).toThrow(
      /APP_SECRET/,
    );
    expect(loadConfig({ NODE_ENV: 'production', ...SECRET }, CWD).appSecret).toBe(
      SECRET.APP_SECRET,
    );
    expect(loadConfig({}, CWD).appSecret).toBe(DEV_APP_SECRET);
    expect(() => loadConfig({ APP_SECRET: 'short' }, CWD)).toThrow(/APP_SECRET/);
  });

  it('listens on every address in production unless HOST says otherwise', () => {
    expect(loadConfig({ NODE_ENV: 'production', ...SECRET }, CWD).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '0.0.0.0' }, CWD).host).toBe('0.0.0.0');
  });

  it('makes the console’s demo admin only on a development start nobody else reaches', () => {
    const demo = (env: Record<string, string>) => loadConfig(env, CWD).sandboxDemoAdmin;
    expect(demo({})).toBe(true);
    expect(demo({ HOST: 'localhost' })).toBe(true);
    expect(demo({ HOST: '0.0.0.0' })).toBe(false);
    expect(demo({ TRUST_PROXY: '127.0.0.1' })).toBe(false);
    expect(demo({ SANDBOX: 'false', ...SECRET })).toBe(false);
    // A staging server: production with the sandbox on still gets its admin from crm:admin.
    expect(demo({ NODE_ENV: 'production', SANDBOX: 'true', HOST: '127.0.0.1' })).toBe(false);
    expect(demo({ HOST: '0.0.0.0', SANDBOX_DEMO_ADMIN: 'true' })).toBe(true);
    expect(demo({ SANDBOX_DEMO_ADMIN: 'false' })).toBe(false);
  });

  it('refuses SANDBOX_DEMO_ADMIN=true in production in one Russian line', () => {
    const start = () =>
      loadConfig({ NODE_ENV: 'production', SANDBOX: 'true', SANDBOX_DEMO_ADMIN: 'true' }, CWD);
    expect(start).toThrow(ConfigError);
    expect(start).toThrow(
      /^Неверные переменные окружения: SANDBOX_DEMO_ADMIN: .*npm run crm:admin$/,
    );
  });

  it('sends SMS and e-mail to the sandbox outbox unless a provider is configured', () => {
    const config = loadConfig({}, CWD);
    expect(config.sms).toEqual({ provider: 'outbox' });
    expect(config.email.smtpUrl).toBeNull();
    expect(config.email.from).toBe('«Займо» <noreply@zaymo.ru>');
    expect(config.publicUrl).toBeNull();
    const real = loadConfig(
      {
        SMS_RU_API_ID: 'ABCD-1234',
        SMTP_URL: 'smtps://robot:secret@smtp.example.ru:465',
        MAIL_FROM: 'Займо <robot@zaymo.ru>',
        PUBLIC_URL: 'https://lk.zaymo.ru/',
      },
      CWD,
    );
    expect(real.sms).toEqual({
      provider: 'smsru',
      apiId: 'ABCD-1234',
      url: 'https://sms.ru/sms/send',
      from: null,
    });
    expect(real.email).toEqual({
      smtpUrl: 'smtps://robot:secret@smtp.example.ru:465',
      from: 'Займо <robot@zaymo.ru>',
    });
    expect(real.publicUrl).toBe('https://lk.zaymo.ru');
  });

  it('trusts only the proxies TRUST_PROXY names, none by default', () => {
    expect(loadConfig({}, CWD).trustProxy).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }, CWD).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'true' }, CWD)).toThrow(/TRUST_PROXY/);
  });

  it('pauses password sign-in after 5 failures in 15 minutes by default', () => {
    expect(loadConfig({}, CWD).loginLockout).toEqual({ maxFailures: 5, windowMinutes: 15 });
  });

  it('asks the sandbox bureau in sandbox mode, НБКИ with its credentials, and none otherwise', () => {
    const sandbox = loadConfig({}, CWD).bureau;
    expect(sandbox).toMatchObject({
      name: 'Песочница НБКИ',
      reportUrl: 'http://127.0.0.1:3000/sandbox/nbki/products/B2BRequestServlet',
      signerUrl: null,
      inProcess: true,
    });
    expect(loadConfig({ SANDBOX: '0', ...SECRET }, CWD).bureau).toBeNull();
    const nbki = {
      BUREAU_NBKI_URL: 'https://icrs.nbki.ru/',
      BUREAU_NBKI_MEMBER_CODE: 'AB01CD000000',
      BUREAU_NBKI_USER: 'zaymo',
      BUREAU_NBKI_PASSWORD: 'secret',
      BUREAU_NBKI_SIGNER_URL: 'http://127.0.0.1:8800/',
    };
    expect(loadConfig(nbki, CWD).bureau).toMatchObject({
      name: 'НБКИ',
      reportUrl: 'https://icrs.nbki.ru/products/B2BRequestServlet',
      reportingUrl: 'https://icrs.nbki.ru/products/B2BRUTDF',
      signerUrl: 'http://127.0.0.1:8800',
      product: 'CHSP',
      inProcess: false,
    });
    expect(() => loadConfig({ ...nbki, BUREAU_NBKI_PASSWORD: '' }, CWD)).toThrow(
      /^Неверные переменные окружения: BUREAU_NBKI_PASSWORD: обязательны вместе с BUREAU_NBKI_URL/,
    );
  });

  it('refuses a bureau time-out the scoring sweep would not wait for', () => {
    expect(() => loadConfig({ BUREAU_TIMEOUT_MS: '30000' }, CWD)).toThrow(ConfigError);
    expect(() =>
      loadConfig({ BUREAU_TIMEOUT_MS: '30000', SCORING_STALE_SECONDS: '31' }, CWD),
    ).not.toThrow();
  });
});
