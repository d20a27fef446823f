import { PlaceholderScreen } from '@/components/ui/placeholder-screen';

export function ProfileCheckOrderScreen() {
  return <PlaceholderScreen titleKey="profileCheckOrder" />;
}
