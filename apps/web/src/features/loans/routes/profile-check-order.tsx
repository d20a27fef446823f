import { useTranslation } from 'react-i18next';
import { ORDER_STATUS, type Order, type OrderStatusId } from '@zaymo/contract';
import { Spinner } from '@/components/ui/spinner';
import { OrderPage } from '../components/order-page';
import { useOrderStep } from '../hooks/use-order-step';
import { latestOrder } from '../lib/order-flow';

const WAITING: readonly OrderStatusId[] = [
  ORDER_STATUS.NEW,
  ORDER_STATUS.ACCEPTED,
  ORDER_STATUS.PRE_APPROVED,
  ORDER_STATUS.DRAFT,
];
export const CHECK_ORDER_POLL_MS = 2000;
/** A specialist's review takes minutes or hours, and an SMS tells the result: no need to hurry. */
export const REVIEW_POLL_MS = 30_000;

/** How soon to ask again: every 2 s while the scoring decides, every 30 s under manual review. */
export function checkOrderPollMs(orders: readonly Order[] | undefined): number {
  return latestOrder(orders)?.manual_review === true ? REVIEW_POLL_MS : CHECK_ORDER_POLL_MS;
}

const STEPS = ['sent', 'check', 'decision'] as const;
type StepState = 'done' | 'active' | 'waiting';

/** How far the check is: a new order is being checked; an accepted one awaits the decision. */
function stepStates(status: OrderStatusId | undefined): StepState[] {
  const checked = status === ORDER_STATUS.ACCEPTED || status === ORDER_STATUS.PRE_APPROVED;
  return checked ? ['done', 'done', 'active'] : ['done', 'active', 'waiting'];
}

/**
 * /profile/checkOrder: asks for the orders every 2 s while open (every 30 s under manual review)
 * and moves on by itself — approved to the contract, refused to the decline page. An order under
 * manual review says a specialist checks it and an SMS will come; one whose credit bureau has
 * not answered says the credit history is being checked.
 */
export function ProfileCheckOrderScreen() {
  const { t } = useTranslation('loans');
  const step = useOrderStep(WAITING, { poll: checkOrderPollMs });
  const states = stepStates(step.order?.status_id);
  // Scoring's third outcome: a person decides, so the wait is longer and an SMS tells the result.
  const reviewing = step.order?.manual_review === true;
  // No loan without the bureau's answer: the server asks it again until it does.
  const waitingForBureau = step.order?.credit_check_pending === true;
  const text = reviewing ? 'review' : waitingForBureau ? 'bureau' : 'status';
  const hint = reviewing ? 'reviewHint' : waitingForBureau ? 'bureauHint' : 'hint';
  return (
    <OrderPage titleKey="profileCheckOrder" state={step.isError ? step : undefined}>
      <div className="loan-check-order">
        <div className="loan-check-order__status" role="status">
          <Spinner decorative />
          <p>{t(`checkOrder.${text}`)}</p>
        </div>
        <ol className="loan-progress">
          {STEPS.map((name, index) => (
            <li key={name} className={`loan-progress__step loan-progress__step--${states[index]}`}>
              <span className="loan-progress__mark" aria-hidden="true" />
              <span>{t(`checkOrder.steps.${name}`)}</span>
              <span className="visually-hidden">
                {' — '}
                {t(`checkOrder.stepState.${states[index] ?? 'waiting'}`)}
              </span>
            </li>
          ))}
        </ol>
        <p className="loan-page__hint">{t(`checkOrder.${hint}`)}</p>
        {step.connectionLost && <p className="loan-page__warning">{t('checkOrder.offline')}</p>}
      </div>
    </OrderPage>
  );
}
