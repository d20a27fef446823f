import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/*
 * The gateway's card token lets whoever holds it (with our sector's password) charge the card,
 * so it is kept sealed: AES-256-GCM under a key derived from APP_SECRET. A copy of the database
 * alone charges nobody. «v1.<iv>.<ciphertext>.<tag>», base64url.
 */

const VERSION = 'v1';

/** What a sealed value is for: each purpose has its own key (HKDF salt and info). */
export interface SealPurpose {
  readonly salt: string;
  readonly info: string;
}

const CARD_TOKEN: SealPurpose = { salt: 'zaymo-cards', info: 'zaymo card token v1' };

function keyFor(secret: string, purpose: SealPurpose): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, purpose.salt, purpose.info, 32));
}

/** Seals a short secret text (AES-256-GCM under a key derived from APP_SECRET for `purpose`). */
export function sealText(text: string, secret: string, purpose: SealPurpose): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(secret, purpose), iv);
  const sealed = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  const parts = [iv, sealed, cipher.getAuthTag()].map((part) => part.toString('base64url'));
  return [VERSION, ...parts].join('.');
}

export function openText(sealed: string, secret: string, purpose: SealPurpose): string {
  const [version, iv, data, tag] = sealed.split('.');
  if (version !== VERSION || !iv || !data || !tag) throw new Error('Unknown sealed format');
  const key = keyFor(secret, purpose);
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  const plain = Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]);
  return plain.toString('utf8');
}

export function sealCardToken(token: string, secret: string): string {
  return sealText(token, secret, CARD_TOKEN);
}

export function openCardToken(sealed: string, secret: string): string {
  return openText(sealed, secret, CARD_TOKEN);
}
