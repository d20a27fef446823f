import { PlaceholderScreen } from '@/components/ui/placeholder-screen';

export function ProfileIdentityScreen() {
  return <PlaceholderScreen titleKey="profileIdentity" />;
}
