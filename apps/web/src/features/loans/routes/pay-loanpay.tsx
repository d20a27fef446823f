import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { payCallbackPaymentQuerySchema } from '@zaymo/contract';
import { Card } from '@/components/ui/card';
import { PageTitle } from '@/components/ui/page-title';
import type { LoanpayLookup } from '../servicing/api/loanpay';
import { LoanpayLookupForm } from '../servicing/components/loanpay-lookup';
import { LoanpayPayment } from '../servicing/components/loanpay-payment';
import { LoanpayResult } from '../servicing/components/loanpay-result';
import '../loans.css';
import '../servicing/servicing.css';

/** The gateway's query on the return address, when this is a return from the payment page. */
function gatewayReturnOf(search: URLSearchParams): Record<string, string> | null {
  const params = Object.fromEntries(search.entries());
  const parsed = payCallbackPaymentQuerySchema.safeParse(params);
  return parsed.success ? params : null;
}

/** /pay/loanpay: pay a loan without signing in — find it, pay on the gateway page, see the result. */
export function PayLoanpayScreen() {
  const { t } = useTranslation(['servicing', 'routes']);
  const [search, setSearch] = useSearchParams();
  const gatewayReturn = useMemo(() => gatewayReturnOf(search), [search]);
  const [loan, setLoan] = useState<LoanpayLookup | null>(null);
  return (
    <Card className="loan-servicing-page loan-servicing-page--narrow">
      <PageTitle>{t('routes:payLoanpay')}</PageTitle>
      {gatewayReturn ? (
        <LoanpayResult query={gatewayReturn} onBack={() => setSearch({}, { replace: true })} />
      ) : loan ? (
        <LoanpayPayment loan={loan} onBack={() => setLoan(null)} />
      ) : (
        <>
          <p>{t('loanpay.lead')}</p>
          <LoanpayLookupForm onFound={setLoan} />
        </>
      )}
    </Card>
  );
}
