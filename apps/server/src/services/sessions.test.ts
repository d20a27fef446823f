import { isStorableToken } from '@zaymo/contract';
import { describe, expect, it } from 'vitest';
import { generateSessionToken, hashSessionToken } from './sessions';

describe('session tokens', () => {
  it('are 256 random bits as 43 base64url characters, storable by the web app', () => {
    const token = generateSessionToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(isStorableToken(token)).toBe(true);
  });

  it('do not repeat', () => {
    const tokens = new Set(Array.from({ length: 2000 }, generateSessionToken));
    expect(tokens.size).toBe(2000);
  });

  it('are stored as their SHA-256 in hex', () => {
    expect(hashSessionToken('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    expect(hashSessionToken('abd')).not.toBe(hashSessionToken('abc'));
  });
});
