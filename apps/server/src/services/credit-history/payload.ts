import { kopecks } from '@zaymo/contract';
import type { CreditEvent } from '../../integrations/bureau';

/*
 * An event as the outbox keeps it (jsonb): kopecks become `{ "kopecks": "12345" }` on the way in
 * and bigints again on the way out, so no sum ever passes through a float.
 */

export function toPayload(event: CreditEvent): Record<string, unknown> {
  return JSON.parse(
    JSON.stringify(event, (_key, value: unknown) =>
      typeof value === 'bigint' ? { kopecks: value.toString() } : value,
    ),
  ) as Record<string, unknown>;
}

function isKopecks(value: unknown): value is { kopecks: string } {
  if (typeof value !== 'object' || value === null) return false;
  const keys = Object.keys(value);
  return (
    keys.length === 1 &&
    keys[0] === 'kopecks' &&
    typeof (value as { kopecks: unknown }).kopecks === 'string'
  );
}

export function fromPayload(payload: Record<string, unknown>): CreditEvent {
  return JSON.parse(JSON.stringify(payload), (_key, value: unknown) =>
    isKopecks(value) ? kopecks(BigInt(value.kopecks)) : value,
  ) as CreditEvent;
}
