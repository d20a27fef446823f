import { PlaceholderScreen } from '@/components/ui/placeholder-screen';

export function HomeScreen() {
  return <PlaceholderScreen titleKey="home" />;
}
