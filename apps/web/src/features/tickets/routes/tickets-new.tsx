import { PlaceholderScreen } from '@/components/ui/placeholder-screen';

export function TicketsNewScreen() {
  return <PlaceholderScreen titleKey="ticketsNew" />;
}
