import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Order, SbpPrecheck } from '@zaymo/contract';
import { OperatorHint, useOperatorMode } from '@/components/client-only';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { hasErrorCode } from '@/lib/api-client';
import { errorMessageOf } from '@/lib/error-notice';
import { usePayoutCard } from '../api/payout';
import { useChoosePayoutMethod, useSbpBanks, useSbpPrecheck } from '../api/sbp';
import { lastFour } from '../lib/format';

type Method = 'card' | 'sbp';

/**
 * «Куда получить деньги»: the active card, or by phone through the СБП. For the СБП the client
 * picks the bank, the bank names the account holder, and only a name the client confirmed is
 * paid; an account that is not the client's is refused with the reason, and the card offered.
 * Choosing is the client's own act: an operator reads where the money goes and why they cannot
 * change it.
 */
export function PayoutMethodChoice({ order }: { order: Order }) {
  const { t } = useTranslation('loans');
  const headingId = useId();
  const operator = useOperatorMode();
  return (
    <section className="loan-payout-method" aria-labelledby={headingId}>
      <h2 id={headingId} className="loan-payout-method__title">
        {t('payoutMethod.title')}
      </h2>
      {operator ? <ChosenPayoutMethod order={order} /> : <PayoutMethodChoices order={order} />}
    </section>
  );
}

/** What an operator reads: the destination chosen so far, and who chooses it. */
function ChosenPayoutMethod({ order }: { order: Order }) {
  const { t } = useTranslation('loans');
  const card = usePayoutCard();
  const sbp = order.payout_method === 'sbp' ? order.payout_sbp : null;
  return (
    <>
      <p>
        {sbp
          ? t('payoutMethod.confirmed', { name: sbp.recipient_name, bank: sbp.bank_name })
          : card.data
            ? t('payoutMethod.card', { last4: lastFour(card.data.pan_masked) })
            : t('payoutMethod.cardNone')}
      </p>
      <OperatorHint hint={t('payoutMethod.operator')} />
    </>
  );
}

function PayoutMethodChoices({ order }: { order: Order }) {
  const { t } = useTranslation('loans');
  const chosen: Method = order.payout_method ?? 'card';
  const [method, setMethod] = useState<Method>(chosen);
  const choose = useChoosePayoutMethod(order.id);
  const card = usePayoutCard();
  const pickCard = () => {
    setMethod('card');
    if (chosen === 'sbp') choose.mutate({ method: 'card' });
  };
  return (
    <>
      <fieldset className="loan-payout-method__choices">
        <legend className="visually-hidden">{t('payoutMethod.title')}</legend>
        <label className="loan-payout-method__choice">
          <input
            type="radio"
            name="payout-method"
            checked={method === 'card'}
            onChange={pickCard}
          />
          {card.data
            ? t('payoutMethod.card', { last4: lastFour(card.data.pan_masked) })
            : t('payoutMethod.cardNone')}
        </label>
        <label className="loan-payout-method__choice">
          <input
            type="radio"
            name="payout-method"
            checked={method === 'sbp'}
            onChange={() => setMethod('sbp')}
          />
          {t('payoutMethod.sbp')}
        </label>
      </fieldset>
      {method === 'sbp' && <SbpRecipient order={order} onPickCard={pickCard} />}
    </>
  );
}

function SbpRecipient({ order, onPickCard }: { order: Order; onPickCard: () => void }) {
  const { t } = useTranslation('loans');
  const banks = useSbpBanks(true);
  const precheck = useSbpPrecheck(order.id);
  const choose = useChoosePayoutMethod(order.id);
  const [bankId, setBankId] = useState('');
  const confirmed = order.payout_method === 'sbp' ? order.payout_sbp : null;
  const check = (bank: string) => {
    setBankId(bank);
    precheck.reset();
    if (bank) precheck.mutate(bank);
  };
  const error = errorMessageOf(precheck.error) || errorMessageOf(choose.error);
  return (
    <div className="loan-payout-method__sbp">
      {confirmed && !precheck.data && (
        <p className="loan-payout-method__confirmed" role="status">
          {t('payoutMethod.confirmed', {
            name: confirmed.recipient_name,
            bank: confirmed.bank_name,
          })}
        </p>
      )}
      <Field
        label={t('payoutMethod.bank')}
        hint={t('payoutMethod.bankHint')}
        error={error || undefined}
      >
        {(control) => (
          <select
            {...control}
            className="ui-input"
            value={bankId}
            disabled={!banks.data || precheck.isPending}
            onChange={(event) => check(event.target.value)}
          >
            <option value="">{t('payoutMethod.bankPlaceholder')}</option>
            {banks.data?.map((bank) => (
              <option key={bank.id} value={bank.id}>
                {bank.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      {hasErrorCode(precheck.error, 'SBP_SOMEONE_ELSE', 'SBP_RECIPIENT_NOT_FOUND') && (
        <Button variant="secondary" onClick={onPickCard}>
          {t('payoutMethod.toCard')}
        </Button>
      )}
      {precheck.isPending && <p className="loan-page__hint">{t('payoutMethod.checking')}</p>}
      {precheck.data && (
        <Recipient
          precheck={precheck.data}
          confirming={choose.isPending}
          confirmed={choose.isSuccess}
          onConfirm={() => choose.mutate({ method: 'sbp', precheck_id: precheck.data.precheck_id })}
        />
      )}
    </div>
  );
}

function Recipient(props: {
  precheck: SbpPrecheck;
  confirming: boolean;
  confirmed: boolean;
  onConfirm: () => void;
}) {
  const { t } = useTranslation('loans');
  const { precheck } = props;
  return (
    <div className="loan-payout-method__recipient">
      <dl className="loan-terms__list">
        <div>
          <dt>{t('payoutMethod.recipient')}</dt>
          <dd>{precheck.recipient_name}</dd>
        </div>
        <div>
          <dt>{t('payoutMethod.bank')}</dt>
          <dd>{precheck.bank_name}</dd>
        </div>
        <div>
          <dt>{t('payoutMethod.phone')}</dt>
          <dd>{precheck.phone_masked}</dd>
        </div>
      </dl>
      {props.confirmed ? (
        <p role="status">{t('payoutMethod.done', { bank: precheck.bank_name })}</p>
      ) : (
        <>
          <p className="loan-page__hint">{t('payoutMethod.question')}</p>
          <Button loading={props.confirming} onClick={props.onConfirm}>
            {t('payoutMethod.confirm')}
          </Button>
        </>
      )}
    </div>
  );
}
