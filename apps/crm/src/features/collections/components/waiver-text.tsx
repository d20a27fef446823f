import { WAIVER_KIND_TITLES, WAIVER_STATE_TITLES, type CrmWaiver } from '@zaymo/contract';
import { formatDateTime } from '@zaymo/web-kit';
import { formatRoubles } from '@/lib/money';

/** «Списать пени: 30 ₽ — Согласовано (Анна, 12.12.2026 10:00: причина)». */
export function WaiverText({ waiver }: { waiver: CrmWaiver }) {
  const sum =
    waiver.kind === 'write_off'
      ? `весь долг (${formatRoubles(waiver.amount)})`
      : formatRoubles(waiver.amount);
  return (
    <span>
      {WAIVER_KIND_TITLES[waiver.kind]}: {sum} —{' '}
      <strong>{WAIVER_STATE_TITLES[waiver.state]}</strong>
      <span className="muted">
        {' '}
        (предложил(а) {waiver.proposed_by.name} {formatDateTime(waiver.proposed_at)}: «
        {waiver.reason}»
        {waiver.decided_by &&
          `; решение: ${waiver.decided_by.name} ${formatDateTime(waiver.decided_at ?? '')}: «${waiver.decision_reason ?? ''}»`}
        {waiver.written_off && `; списано ${formatRoubles(waiver.written_off)}`})
      </span>
    </span>
  );
}
