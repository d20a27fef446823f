import { PlaceholderScreen } from '@/components/ui/placeholder-screen';

export function EmailResetScreen() {
  return <PlaceholderScreen titleKey="emailReset" />;
}
