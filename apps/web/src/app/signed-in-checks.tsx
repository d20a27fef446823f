import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ROUTES } from '@/config/paths';
import { startMoratoriumCheck } from '@/lib/moratorium';
import { startRefusalShowcaseCheck } from '@/lib/refusal-showcase';

/**
 * The checks of spec §4 that run on signed-in pages: the refusal showcase on every page visit
 * (with is_on_page_denied_loan=1 on the decline page) and the moratorium on opening the loan
 * list. Each navigation cancels the previous visit's check and its redirect timer.
 */
export function SignedInPageChecks() {
  const { pathname, key } = useLocation();
  const onDeniedPage = pathname === ROUTES.declineOrder.path;
  const onLoanList = pathname === ROUTES.loanlist.path;
  useEffect(() => startRefusalShowcaseCheck(onDeniedPage), [onDeniedPage, key]);
  useEffect(() => (onLoanList ? startMoratoriumCheck() : undefined), [onLoanList, key]);
  return <Outlet />;
}
