import { PlaceholderScreen } from '@/components/ui/placeholder-screen';

export function PersonScreen() {
  return <PlaceholderScreen titleKey="person" />;
}
