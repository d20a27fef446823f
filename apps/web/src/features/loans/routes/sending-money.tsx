import { PlaceholderScreen } from '@/components/ui/placeholder-screen';

export function SendingMoneyScreen() {
  return <PlaceholderScreen titleKey="sendingMoney" />;
}
