import { PlaceholderScreen } from '@/components/ui/placeholder-screen';

export function AfterGetAndConfirmScreen() {
  return <PlaceholderScreen titleKey="afterGetAndConfirm" />;
}
