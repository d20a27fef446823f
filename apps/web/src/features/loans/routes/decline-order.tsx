import { PlaceholderScreen } from '@/components/ui/placeholder-screen';

export function DeclineOrderScreen() {
  return <PlaceholderScreen titleKey="declineOrder" />;
}
