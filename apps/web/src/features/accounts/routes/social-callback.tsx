import { PlaceholderScreen } from '@/components/ui/placeholder-screen';

export function SocialCallbackScreen() {
  return <PlaceholderScreen titleKey="socialCallback" />;
}
