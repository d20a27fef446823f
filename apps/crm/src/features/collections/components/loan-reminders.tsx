import { RemindersTable } from '@/components/reminders-table';
import { useLoanReminders } from '../api/reminders';

export function LoanReminders({ orderId }: { orderId: number }) {
  return <RemindersTable query={useLoanReminders(orderId)} />;
}
