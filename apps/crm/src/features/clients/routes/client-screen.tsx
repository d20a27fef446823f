import { formatPhone } from '@zaymo/contract';
import { Link, useParams } from 'react-router';
import { ErrorNotice, Loading } from '@/components/ui';
import { ROUTES } from '@/config/paths';
import { useTitle } from '@/lib/use-title';
import { useClientCard, useClientLoans } from '../api/clients';
import { BureauRequestsSection, CreditHistorySection } from '../components/bureau-sections';
import { CreditHolidaysSection } from '../components/credit-holidays-section';
import { LoansSection, OrdersSection, PaymentsSection } from '../components/loans-sections';
import { OpenCabinetButton } from '../components/open-cabinet-button';
import { ProfileSection } from '../components/profile-section';
import { RemindersSection } from '../components/reminders-section';
import {
  CardsSection,
  ConsentsSection,
  DocumentsSection,
  MessagesSection,
  TicketsSection,
} from '../components/records-sections';
import { fullName } from '../components/titles';

/** The client card (part 3): everything about one client, read-only, in the spec's sections. */
export function ClientScreen() {
  const clientId = Number(useParams().clientId);
  const card = useClientCard(clientId);
  const loans = useClientLoans(clientId);
  const client = card.data;
  useTitle(client ? fullName(client.identity.personal ?? emptyName) : ROUTES.client.title);

  return (
    <div className="screen">
      <p className="breadcrumbs">
        <Link to={ROUTES.clients.path}>← Клиенты</Link>
      </p>
      {card.isPending && <Loading />}
      {card.isError && <ErrorNotice error={card.error} onRetry={() => void card.refetch()} />}
      {client && (
        <>
          <header className="client-header">
            <div>
              <h1>{fullName(client.identity.personal ?? emptyName)}</h1>
              <p className="muted">
                Клиент №{client.id} · {formatPhone(client.phone)}
              </p>
            </div>
            <OpenCabinetButton clientId={client.id} />
          </header>
          <ProfileSection client={client} />
          <ConsentsSection client={client} />
          <CardsSection client={client} />
          {loans.isPending && <Loading label="Загружаем заявки и займы…" />}
          {loans.isError && (
            <ErrorNotice error={loans.error} onRetry={() => void loans.refetch()} />
          )}
          {loans.data && (
            <>
              <OrdersSection orders={loans.data} />
              <LoansSection orders={loans.data} />
              <PaymentsSection orders={loans.data} />
            </>
          )}
          <CreditHolidaysSection clientId={client.id} />
          <BureauRequestsSection client={client} />
          <CreditHistorySection client={client} />
          <DocumentsSection client={client} />
          <MessagesSection client={client} />
          <RemindersSection clientId={client.id} />
          <TicketsSection client={client} />
        </>
      )}
    </div>
  );
}

const emptyName = { surname: null, name: null, patronymic: null };
