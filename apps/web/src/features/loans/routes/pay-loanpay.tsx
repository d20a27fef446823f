import { PlaceholderScreen } from '@/components/ui/placeholder-screen';

export function PayLoanpayScreen() {
  return <PlaceholderScreen titleKey="payLoanpay" />;
}
