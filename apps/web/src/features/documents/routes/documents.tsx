import { PlaceholderScreen } from '@/components/ui/placeholder-screen';

export function DocumentsScreen() {
  return <PlaceholderScreen titleKey="documents" />;
}
