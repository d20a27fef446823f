import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/*
 * The gateway's card token lets whoever holds it (with our sector's password) charge the card,
 * so it is kept sealed: AES-256-GCM under a key derived from APP_SECRET. A copy of the database
 * alone charges nobody. «v1.<iv>.<ciphertext>.<tag>», base64url.
 */

const VERSION = 'v1';
const KEY_INFO = 'zaymo card token v1';

function keyFor(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'zaymo-cards', KEY_INFO, 32));
}

export function sealCardToken(token: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(secret), iv);
  const sealed = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  const parts = [iv, sealed, cipher.getAuthTag()].map((part) => part.toString('base64url'));
  return [VERSION, ...parts].join('.');
}

export function openCardToken(sealed: string, secret: string): string {
  const [version, iv, data, tag] = sealed.split('.');
  if (version !== VERSION || !iv || !data || !tag) throw new Error('Unknown card token format');
  const decipher = createDecipheriv('aes-256-gcm', keyFor(secret), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  const plain = Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]);
  return plain.toString('utf8');
}
