import { PlaceholderScreen } from '@/components/ui/placeholder-screen';

export function ConfirmPhoneScreen() {
  return <PlaceholderScreen titleKey="confirmPhone" />;
}
