import { randomUUID } from 'node:crypto';

/*
 * УИд сделки / обращения (758-П, приложение 2): a UUID followed by «-» and one hex check digit,
 * the sum of its hex digits weighted 1, 2, … 10, 1, 2, … modulo 16.
 */

export function dealUidCheckDigit(uuid: string): string {
  const digits = uuid.toLowerCase().replace(/[^0-9a-f]/g, '');
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    sum += Number.parseInt(digits.charAt(index), 16) * ((index % 10) + 1);
  }
  return (sum % 16).toString(16);
}

export function dealUidOf(uuid: string): string {
  return `${uuid.toLowerCase()}-${dealUidCheckDigit(uuid)}`;
}

export function newDealUid(): string {
  return dealUidOf(randomUUID());
}

/** A UUID with the right check digit. */
export function isDealUid(text: string): boolean {
  const match = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})-([0-9a-f])$/.exec(
    text,
  );
  return match !== null && dealUidCheckDigit(match[1] ?? '') === match[2];
}
