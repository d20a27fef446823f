import { PlaceholderScreen } from '@/components/ui/placeholder-screen';

export function CardsScreen() {
  return <PlaceholderScreen titleKey="cards" />;
}
