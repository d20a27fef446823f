import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoanBalance as Balance, Order } from '@zaymo/contract';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ROUTES } from '@/config/paths';
import { openPopup } from '@/stores/popups';
import { useSessionStore } from '@/stores/session';
import { openDocument } from '../../lib/open-document';
import { useArrangements } from '../api/arrangements';
import { ArrangePanel } from './arrange-panel';
import { InteractionRefusal } from './interaction-refusal';
import { LoanBalance, LoanDue, LoanSchedule } from './loan-balance';
import { LoanInsuranceBlock } from './loan-insurance';
import { FullPaymentPanel, PartPaymentPanel } from './pay-panels';
import { ProlongationPanel } from './prolongation-panel';
import { SbpPaymentPanel } from './sbp-payment';

type Action = 'full' | 'part' | 'prolong' | 'arrange';
const ACTIONS: readonly Action[] = ['full', 'part', 'prolong'];

/** The current loan (GIVEN or EXPIRED): today's debt, the due date, documents and actions. */
export function CurrentLoan({ order }: { order: Order }) {
  const { t } = useTranslation('servicing');
  const titleId = useId();
  const title = order.contract_number
    ? t('loan.title', { number: order.contract_number })
    : t('loan.titleNoNumber');
  return (
    <Card className="loan-servicing" aria-labelledby={titleId}>
      <h2 id={titleId} className="loan-servicing__title">
        {title}
      </h2>
      {order.balance && <LoanBalance balance={order.balance} dueDate={order.due_date} />}
      <LoanDue order={order} daysToDue={order.balance?.days_to_due ?? 0} />
      {order.balance?.schedule && <LoanSchedule schedule={order.balance.schedule} />}
      {order.insurance && <LoanInsuranceBlock order={{ ...order, insurance: order.insurance }} />}
      <Button
        variant="ghost"
        className="loan-servicing__documents"
        onClick={() => openPopup('documents', { orderIds: [order.id] })}
      >
        {t('loan.documents')}
      </Button>
      <Button
        variant="ghost"
        className="loan-servicing__documents"
        onClick={() =>
          void openDocument(
            `documents/file/loan_statement?order_id=${order.id}`,
            t('loan.statementFailed'),
          )
        }
      >
        {t('loan.statement')}
      </Button>
      <Link className="loan-servicing__holidays" to={ROUTES.creditHolidays.path}>
        {t('holidays.link')}
      </Link>
      {order.balance && order.contract_number && (
        <LoanActions orderId={order.id} contract={order.contract_number} balance={order.balance} />
      )}
      <SbpPaymentPanel />
      {(order.balance?.days_to_due ?? 0) < 0 && <OverdueRights orderId={order.id} />}
    </Card>
  );
}

type LoanActionsProps = { orderId: number; contract: string; balance: Balance };

function LoanActions({ orderId, contract, balance }: LoanActionsProps) {
  const { t } = useTranslation('servicing');
  const operator = useSessionStore((state) => state.admin);
  const [action, setAction] = useState<Action | null>(null);
  const panelId = useId();
  const close = () => setAction(null);
  const actions = balance.days_to_due < 0 ? [...ACTIONS, 'arrange' as const] : ACTIONS;
  if (operator) return <p className="loan-servicing__hint">{t('loan.operator')}</p>;
  return (
    <div className="loan-servicing__actions-area">
      <div className="loan-actions" role="group" aria-label={t('actions.label')}>
        {actions.map((name) => (
          <Button
            key={name}
            variant={name === 'full' ? 'primary' : 'secondary'}
            aria-expanded={action === name}
            aria-controls={action === name ? panelId : undefined}
            onClick={() => setAction(action === name ? null : name)}
          >
            {t(`actions.${name}`)}
          </Button>
        ))}
      </div>
      {action && (
        <div id={panelId} className="loan-servicing__action">
          {action === 'full' && (
            <FullPaymentPanel contract={contract} balance={balance} onDone={close} />
          )}
          {action === 'part' && (
            <PartPaymentPanel contract={contract} balance={balance} onDone={close} />
          )}
          {action === 'prolong' && (
            <ProlongationPanel orderId={orderId} contract={contract} onDone={close} />
          )}
          {action === 'arrange' && <ArrangeAction orderId={orderId} />}
        </div>
      )}
    </div>
  );
}

function ArrangeAction({ orderId }: { orderId: number }) {
  const arrangements = useArrangements(orderId);
  return arrangements.data ? (
    <ArrangePanel orderId={orderId} arrangements={arrangements.data} />
  ) : null;
}

/** An overdue loan: the client's rights under 230-FZ art. 8 (not for an operator to file). */
function OverdueRights({ orderId }: { orderId: number }) {
  const operator = useSessionStore((state) => state.admin);
  const arrangements = useArrangements(orderId);
  if (operator || !arrangements.data) return null;
  return <InteractionRefusal orderId={orderId} arrangements={arrangements.data} />;
}
