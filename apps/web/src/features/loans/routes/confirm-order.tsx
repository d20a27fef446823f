import { PlaceholderScreen } from '@/components/ui/placeholder-screen';

export function ConfirmOrderScreen() {
  return <PlaceholderScreen titleKey="confirmOrder" />;
}
