import { PlaceholderScreen } from '@/components/ui/placeholder-screen';

export function SignupScreen() {
  return <PlaceholderScreen titleKey="signup" />;
}
