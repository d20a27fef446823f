import { PlaceholderScreen } from '@/components/ui/placeholder-screen';

export function TicketsScreen() {
  return <PlaceholderScreen titleKey="tickets" />;
}
