import { formatDateTime, formatDateTimeInZone } from '@zaymo/web-kit';

/** «28.11.2026 02:00 МСК (09:00 28.11.2026 у должника)»: both clocks the collector needs. */
export function NextMoment({ at, timeZones }: { at: string; timeZones: readonly string[] }) {
  const [zone] = timeZones;
  const local =
    timeZones.length === 1 && zone && zone !== 'Europe/Moscow'
      ? `, у должника ${formatDateTimeInZone(at, zone)}`
      : '';
  return (
    <>
      {formatDateTime(at)} МСК{local}
    </>
  );
}
