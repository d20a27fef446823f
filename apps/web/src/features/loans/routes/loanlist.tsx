import { PlaceholderScreen } from '@/components/ui/placeholder-screen';

export function LoanlistScreen() {
  return <PlaceholderScreen titleKey="loanlist" />;
}
