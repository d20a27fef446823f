import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ORDER_STATUS, type Order } from '@zaymo/contract';
import { Card } from '@/components/ui/card';
import { ROUTES, type RouteName } from '@/config/paths';

type LastOrderView = {
  text: 'repaid' | 'approved' | 'signed' | 'refused' | 'inProgress' | 'failed' | 'empty';
  link: RouteName;
  linkText: 'newLoan' | 'toSign' | 'toSending' | 'toDecline' | 'toCheck' | 'toCalculator';
};

const IN_PROGRESS: readonly number[] = [
  ORDER_STATUS.NEW,
  ORDER_STATUS.ACCEPTED,
  ORDER_STATUS.PRE_APPROVED,
  ORDER_STATUS.DRAFT,
];

/** What the newest order says when no loan is current: its state and where to go next. */
export function lastOrderView(order: Order | undefined): LastOrderView {
  const status = order?.status_id;
  if (status === ORDER_STATUS.REPAID) return { text: 'repaid', link: 'home', linkText: 'newLoan' };
  if (status === ORDER_STATUS.APPROVED)
    return { text: 'approved', link: 'confirmOrder', linkText: 'toSign' };
  if (status === ORDER_STATUS.SIGNED)
    return { text: 'signed', link: 'sendingMoney', linkText: 'toSending' };
  if (status === ORDER_STATUS.FAIL_TO_GIVE)
    return { text: 'failed', link: 'sendingMoney', linkText: 'toSending' };
  if (status === ORDER_STATUS.REFUSED)
    return { text: 'refused', link: 'declineOrder', linkText: 'toDecline' };
  if (status !== undefined && IN_PROGRESS.includes(status))
    return { text: 'inProgress', link: 'profileCheckOrder', linkText: 'toCheck' };
  return { text: 'empty', link: 'home', linkText: 'toCalculator' };
}

export function NoCurrentLoan({ lastOrder }: { lastOrder: Order | undefined }) {
  const { t } = useTranslation('servicing');
  const view = lastOrderView(lastOrder);
  return (
    <Card className="loan-servicing loan-servicing--none">
      <h2 className="loan-servicing__title">
        {view.text === 'repaid' ? t('none.repaid') : t('none.title')}
      </h2>
      <p>{t(view.text === 'repaid' ? 'none.repaidHint' : `none.${view.text}`)}</p>
      <Link className="ui-button ui-button--primary" to={ROUTES[view.link].path}>
        {t(`none.${view.linkText}`)}
      </Link>
    </Card>
  );
}
