import { PlaceholderScreen } from '@/components/ui/placeholder-screen';

export function HistoryScreen() {
  return <PlaceholderScreen titleKey="history" />;
}
