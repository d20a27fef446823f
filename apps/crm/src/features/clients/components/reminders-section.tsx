import { RemindersTable } from '@/components/reminders-table';
import { Section } from '@/components/ui';
import { useClientReminders } from '../api/reminders';

/** Reminders, overdue notices and dunning: what went, what waits, what the law refused. */
export function RemindersSection({ clientId }: { clientId: number }) {
  return (
    <Section title="Автоматические сообщения">
      <RemindersTable query={useClientReminders(clientId)} withContract />
    </Section>
  );
}
