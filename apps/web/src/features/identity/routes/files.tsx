import { PlaceholderScreen } from '@/components/ui/placeholder-screen';

export function FilesScreen() {
  return <PlaceholderScreen titleKey="files" />;
}
