import { describe, expect, it } from 'vitest';
import {
  COMMON_PASSWORD_COUNT,
  hashPassword,
  isCommonPassword,
  onEnglishLayout,
  passwordProblem,
  verifyPassword,
} from './passwords';

describe('the common-password block list', () => {
  it('bundles well over 1000 passwords', () => {
    expect(COMMON_PASSWORD_COUNT).toBeGreaterThanOrEqual(1000);
  });

  it.each([
    'qwerty123',
    '12345678',
    'password',
    'йцукенгш',
    'QWERTY123',
    'Password',
    'ЙЦУКЕНГШ',
    'gfhjkm123',
    'пароль123',
    '1q2w3e4r5t',
    'zaq12wsx',
    'ghbdtn123',
  ])('blocks %s', (password) => {
    expect(isCommonPassword(password)).toBe(true);
  });

  it('compares across keyboard layouts: «пароль» typed on the English layout is «gfhjkm»', () => {
    expect(onEnglishLayout('пароль')).toBe('gfhjkm');
    expect(isCommonPassword('ЗФЫЫЦЩКВ')).toBe(true); // «PASSWORD» on the Russian layout
  });

  it.each(['Зелёный-чайник-42', 'correct horse battery staple', 'Tr0ub4dor&3-xyz'])(
    'allows %s',
    (password) => {
      expect(isCommonPassword(password)).toBe(false);
    },
  );
});

describe('passwordProblem', () => {
  const phone = '+79123456789';

  it('accepts 8 characters and long phrases', () => {
    expect(passwordProblem('Жёлтый7!', phone)).toBeNull();
    expect(passwordProblem('слова '.repeat(20).trim(), phone)).toBeNull();
  });

  it('counts characters, not UTF-16 units', () => {
    expect(passwordProblem('😀😀😀😀', phone)).toBe('Пароль — не короче 8 символов');
    expect(passwordProblem('😀😀😀😀😀😀😀😀', phone)).toBeNull();
  });

  it('refuses short, too long, common and phone-number passwords in Russian', () => {
    expect(passwordProblem('Ab1!', phone)).toBe('Пароль — не короче 8 символов');
    expect(passwordProblem('a'.repeat(129), phone)).toBe('Пароль — не длиннее 128 символов');
    expect(passwordProblem('12345678', phone)).toContain('распространён');
    expect(passwordProblem('89123456789', phone)).toContain('номером телефона');
    expect(passwordProblem('my9123456789!', phone)).toContain('номером телефона');
  });
});

describe('argon2id hashing', () => {
  it('stores an argon2id hash that verifies only the same password', async () => {
    const hash = await hashPassword('Зелёный-чайник-42');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'Зелёный-чайник-42')).toBe(true);
    expect(await verifyPassword(hash, 'зелёный-чайник-42')).toBe(false);
    expect(await verifyPassword('not a hash', 'Зелёный-чайник-42')).toBe(false);
  });

  it('salts: the same password hashes differently each time', async () => {
    expect(await hashPassword('one-password')).not.toBe(await hashPassword('one-password'));
  });
});
