import { describe, expect, it } from 'vitest';
import { openCardToken, sealCardToken } from './token-vault';

const SECRET = 'a-test-secret-of-at-least-32-characters!!';

describe('card token vault', () => {
  it('seals and opens a token; the sealed form does not contain it', () => {
    const sealed = sealCardToken('tok-5f1c2b', SECRET);
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('tok-5f1c2b');
    expect(openCardToken(sealed, SECRET)).toBe('tok-5f1c2b');
  });

  it('gives a different sealed form each time', () => {
    expect(sealCardToken('same', SECRET)).not.toBe(sealCardToken('same', SECRET));
  });

  it('refuses another secret and an altered value', () => {
    const sealed = sealCardToken('tok', SECRET);
    expect(() => openCardToken(sealed, `${SECRET}x`)).toThrow();
    const [version, iv, data, tag] = sealed.split('.');
    const altered = [
      version,
      iv,
      `${data?.startsWith('A') ? 'B' : 'A'}${data?.slice(1)}`,
      tag,
    ].join('.');
    expect(() => openCardToken(altered, SECRET)).toThrow();
  });
});
