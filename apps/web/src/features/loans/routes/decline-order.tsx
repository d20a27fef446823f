import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import {
  formatMoney,
  kopecks,
  ORDER_STATUS,
  parseMoney,
  type partnerOfferSchema,
} from '@zaymo/contract';
import { ROUTES } from '@/config/paths';
import { formatDate } from '@zaymo/web-kit';
import { useDashboardStore } from '@/stores/dashboard';
import type { z } from 'zod';
import { useOrders } from '../api/orders';
import { useMoratorium, usePartnerOffers } from '../api/refusal';
import { latestOrder } from '../lib/order-flow';
import { LoadFailed, Loading } from '../components/load-failed';
import { OrderPage } from '../components/order-page';

type PartnerOffer = z.infer<typeof partnerOfferSchema>;

/**
 * /profile/declineOrder: the refusal — in the server's words when it gave them (a refusal by law:
 * the self-ban, a limit on high-cost loans), which also say when to apply again — and partner
 * offers.
 * Only a refused client (one under a moratorium) sees it; anyone else goes to the loan list, their
 * main page. The showcase redirect of spec §4 runs app-wide (app/signed-in-checks.tsx).
 */
export function DeclineOrderScreen() {
  const { t } = useTranslation('loans');
  // A refusal may have come a moment ago: decide on the server's answer of now, not the cache.
  const [mountedAt] = useState(() => Date.now());
  const moratorium = useMoratorium({ fresh: true });
  const checked = moratorium.isSuccess && moratorium.dataUpdatedAt >= mountedAt;
  const mayApply = checked && moratorium.data?.status === true;
  useEffect(() => {
    if (mayApply) useDashboardStore.getState().setMainPageLink(ROUTES.loanlist.path);
  }, [mayApply]);
  if (mayApply) return <Navigate to={ROUTES.loanlist.path} replace />;
  return (
    <OrderPage titleKey="declineOrder">
      {!checked && !moratorium.isError ? (
        <Loading text={t('decline.checking')} />
      ) : (
        <>
          <RefusalText />
          <PartnerOffers />
        </>
      )}
    </OrderPage>
  );
}

/** The latest refusal's reason; the general words and the moratorium's day otherwise. */
function RefusalText() {
  const { t } = useTranslation('loans');
  const orders = useOrders();
  const latest = latestOrder(orders.data);
  const reason = latest?.status_id === ORDER_STATUS.REFUSED ? latest.status_reason : null;
  if (reason) return <p className="loan-page__lead">{reason}</p>;
  return (
    <>
      <p className="loan-page__lead">{t('decline.lead')}</p>
      <MoratoriumLine />
    </>
  );
}

function MoratoriumLine() {
  const { t } = useTranslation('loans');
  const moratorium = useMoratorium();
  const endDate = moratorium.data?.end_date;
  return (
    <p className="loan-decline__moratorium">
      {endDate
        ? t('decline.moratorium', { date: formatDate(endDate) })
        : t('decline.moratoriumUnknown')}
    </p>
  );
}

function PartnerOffers() {
  const { t } = useTranslation('loans');
  const offers = usePartnerOffers();
  return (
    <section className="loan-offers" aria-labelledby="loan-offers-title">
      <h2 id="loan-offers-title" className="loan-offers__title">
        {t('decline.offersTitle')}
      </h2>
      {offers.isPending && <Loading text={t('calculator.loading')} />}
      {offers.isError && (
        <LoadFailed text={t('calculator.loadFailed')} onRetry={() => void offers.refetch()} />
      )}
      {offers.data?.length === 0 && <p className="loan-page__hint">{t('decline.noOffers')}</p>}
      {offers.data && offers.data.length > 0 && (
        <>
          <p className="loan-page__hint">{t('decline.offersLead')}</p>
          <ul className="loan-offers__list">
            {offers.data.filter(isWebLink).map((offer) => (
              <OfferCard key={offer.id} offer={offer} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** Only http(s) addresses become links: a partner's `javascript:` never runs here. */
function isWebLink(offer: PartnerOffer): boolean {
  return /^https?:\/\//i.test(offer.link);
}

function OfferCard({ offer }: { offer: PartnerOffer }) {
  const { t } = useTranslation('loans');
  const sum = formatMoney(parseMoney(offer.max_sum) ?? kopecks(0n));
  return (
    <li className="loan-offer">
      <article aria-labelledby={`offer-${offer.id}`} className="loan-offer__body">
        <h3 id={`offer-${offer.id}`} className="loan-offer__name">
          {offer.name}
        </h3>
        <p className="loan-offer__sum">{t('decline.offerSum', { sum })}</p>
        <p className="loan-offer__rate">{offer.rate_text}</p>
        <p className="loan-offer__text">{offer.description}</p>
        <a
          className="ui-button ui-button--primary loan-offer__apply"
          href={offer.link}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t('decline.offerApplyLabel', { name: offer.name })}
        >
          {t('decline.offerApply')}
        </a>
      </article>
    </li>
  );
}
