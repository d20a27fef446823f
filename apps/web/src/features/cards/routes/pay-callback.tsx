import { PlaceholderScreen } from '@/components/ui/placeholder-screen';

export function PayCallbackScreen() {
  return <PlaceholderScreen titleKey="payCallback" />;
}
