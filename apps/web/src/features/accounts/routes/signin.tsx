import { PlaceholderScreen } from '@/components/ui/placeholder-screen';

export function SigninScreen() {
  return <PlaceholderScreen titleKey="signin" />;
}
