import { describe, expect, it } from 'vitest';
import { ConfigError } from './config';
import { requireProductionBureau, requireProductionSettings } from './config-production';

const COMPLETE = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://zaymo:secret@db:5432/zaymo',
  APP_SECRET: 'a-production-secret-of-32-characters-or-more',
  PUBLIC_URL: 'https://lk.zaymo.ru',
  BUREAU_NBKI_URL: 'https://icrs.nbki.ru',
};

function problemOf(env: Record<string, string | undefined>): string {
  try {
    requireProductionSettings(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('accepted');
}

describe('the production start path', () => {
  it('accepts a complete production environment and anything outside production', () => {
    expect(() => requireProductionSettings(COMPLETE)).not.toThrow();
    expect(() => requireProductionSettings({})).not.toThrow();
    expect(() => requireProductionSettings({ NODE_ENV: 'development' })).not.toThrow();
  });

  it.each(['DATABASE_URL', 'APP_SECRET', 'PUBLIC_URL'])(
    'names a missing %s in one Russian line, without other values',
    (name) => {
      const message = problemOf({ ...COMPLETE, [name]: undefined });
      expect(message).toContain(name);
      expect(message).toMatch(/^Боевой режим \(NODE_ENV=production\): не задана переменная/);
      expect(message).not.toContain('\n');
      expect(message).not.toContain('secret@db');
      for (const other of ['DATABASE_URL', 'APP_SECRET', 'PUBLIC_URL'].filter((n) => n !== name)) {
        expect(message).not.toContain(other);
      }
    },
  );

  it('treats a blank value as missing and lists every missing variable at once', () => {
    const message = problemOf({ NODE_ENV: 'production', DATABASE_URL: '  ' });
    expect(message).toMatch(
      /не заданы переменные окружения DATABASE_URL .*APP_SECRET .*PUBLIC_URL/,
    );
    expect(message).not.toContain('\n');
  });

  it('refuses to start without a credit bureau, and takes the sandbox bureau only with SANDBOX=true', () => {
    const withoutBureau = { ...COMPLETE, BUREAU_NBKI_URL: undefined };
    // The migration command needs no bureau; the server does.
    expect(() => requireProductionSettings(withoutBureau)).not.toThrow();
    const problemOf = (env: Record<string, string | undefined>) => {
      try {
        requireProductionBureau(env);
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
      throw new Error('accepted');
    };
    expect(() => requireProductionBureau(COMPLETE)).not.toThrow();
    expect(() => requireProductionBureau({ NODE_ENV: 'development' })).not.toThrow();
    const message = problemOf(withoutBureau);
    expect(message).toMatch(
      /^Боевой режим \(NODE_ENV=production\): не подключено бюро кредитных историй — задайте BUREAU_NBKI_URL/,
    );
    expect(message).not.toContain('\n');
    expect(problemOf({ ...withoutBureau, SANDBOX: 'false' })).toContain('BUREAU_NBKI_URL');
    expect(() => requireProductionBureau({ ...withoutBureau, SANDBOX: 'true' })).not.toThrow();
  });
});
