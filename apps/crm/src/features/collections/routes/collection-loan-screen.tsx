import { CONTACT_CHANNEL_TITLES, formatPhone, type CrmCollectionLoan } from '@zaymo/contract';
import { formatDate, formatDateTime } from '@zaymo/web-kit';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import {
  Button,
  Empty,
  ErrorNotice,
  ErrorText,
  Loading,
  Section,
  SelectField,
  TableScroll,
} from '@/components/ui';
import { clientPath, ROUTES } from '@/config/paths';
import { errorText } from '@/lib/error-text';
import { formatRoubles } from '@/lib/money';
import { useTitle } from '@/lib/use-title';
import { Facts } from '@/components/facts';
import { useAssignCollector, useCollectionLoan, useCollectors } from '../api/collections';
import { ContactPanel } from '../components/contact-panel';
import { LoanReminders } from '../components/loan-reminders';
import { PromisePanel } from '../components/promise-panel';
import { ProtectionsPanel } from '../components/protections-panel';
import { WaiverPanel } from '../components/waiver-panel';

/** An overdue loan: the debt, who works it, when the law allows a contact, the contact log. */
export function CollectionLoanScreen() {
  useTitle(ROUTES.collection.title);
  const orderId = Number(useParams().orderId);
  const loan = useCollectionLoan(orderId);

  return (
    <div className="screen">
      <p>
        <Link to={ROUTES.collections.path}>← Просрочка</Link>
      </p>
      {loan.isPending && <Loading label="Загружаем заём…" />}
      {loan.isError && <ErrorNotice error={loan.error} onRetry={() => void loan.refetch()} />}
      {loan.data && <LoanDetails loan={loan.data} />}
    </div>
  );
}

function LoanDetails({ loan }: { loan: CrmCollectionLoan }) {
  const { owed } = loan.loan;
  return (
    <>
      <h1>Договор {loan.loan.contract_number}</h1>
      <Facts
        items={[
          ['Клиент', <Link to={clientPath(loan.loan.client_id)}>{loan.loan.client_name}</Link>],
          ['Телефон', formatPhone(loan.phone)],
          ['Срок возврата', formatDate(loan.loan.due_date)],
          ['Дней просрочки', String(loan.loan.days_past_due)],
          ['Долг', formatRoubles(owed.total)],
          [
            'Из него',
            `основной долг ${formatRoubles(owed.principal)}, проценты ${formatRoubles(owed.interest)}, пени ${formatRoubles(owed.penalty)}`,
          ],
          ['Регион регистрации', loan.region ?? 'не указан — часы по всем поясам России'],
          [
            'Часовой пояс должника',
            loan.time_zones.length === 1 ? loan.time_zones[0] : 'неизвестен',
          ],
        ]}
      />
      <Section title="Взыскатель">
        <AssignForm loan={loan} />
      </Section>
      <Section title="Связаться">
        <ContactPanel loan={loan} />
      </Section>
      <Section title="Обещание оплатить">
        <PromisePanel loan={loan} />
      </Section>
      <Section title="Просит перезвонить">
        <CallbacksList loan={loan} />
      </Section>
      <Section title="Списания">
        <WaiverPanel loan={loan} />
      </Section>
      <Section title="Контакты">
        <ContactsTable loan={loan} />
      </Section>
      <Section title="Автоматические сообщения">
        <LoanReminders orderId={loan.loan.order_id} />
      </Section>
      <Section title="Запреты взаимодействия">
        <ProtectionsPanel loan={loan} />
      </Section>
    </>
  );
}

function AssignForm({ loan }: { loan: CrmCollectionLoan }) {
  const collectors = useCollectors();
  const assign = useAssignCollector(loan.loan.order_id);
  const [chosen, setChosen] = useState(loan.loan.collector ? String(loan.loan.collector.id) : '');
  return (
    <form
      className="filters"
      aria-label="Назначить взыскателя"
      onSubmit={(event) => {
        event.preventDefault();
        assign.mutate(chosen ? Number(chosen) : null);
      }}
    >
      <SelectField
        label="Взыскатель"
        anyLabel="Не назначен"
        options={(collectors.data ?? []).map((member) => ({
          value: member.id,
          label: member.name,
        }))}
        value={chosen}
        onChange={(event) => setChosen(event.target.value)}
      />
      <Button type="submit" variant="secondary" loading={assign.isPending}>
        Назначить
      </Button>
      {assign.isError && <ErrorText>{errorText(assign.error)}</ErrorText>}
    </form>
  );
}

function ContactsTable({ loan }: { loan: CrmCollectionLoan }) {
  if (loan.contacts.length === 0) return <Empty>Контактов ещё не было.</Empty>;
  return (
    <TableScroll label="Контакты с должником">
      <table>
        <thead>
          <tr>
            <th scope="col">Время (МСК)</th>
            <th scope="col">Способ</th>
            <th scope="col">Сотрудник</th>
            <th scope="col">Итог</th>
          </tr>
        </thead>
        <tbody>
          {loan.contacts.map((contact) => (
            <tr key={contact.id}>
              <td className="nowrap">{formatDateTime(contact.at)}</td>
              <td>{CONTACT_CHANNEL_TITLES[contact.channel]}</td>
              <td>{contact.staff_name ?? 'Автоматически'}</td>
              <td>{contact.note}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/** Call-backs the client asked for in the cabinet, at hours the law allows (Moscow time here). */
function CallbacksList({ loan }: { loan: CrmCollectionLoan }) {
  if (loan.callbacks.length === 0) return <Empty>Клиент не просил перезвонить.</Empty>;
  return (
    <ul aria-label="Просьбы перезвонить">
      {loan.callbacks.map((callback) => (
        <li key={callback.id}>
          {formatDateTime(callback.at)} МСК{' '}
          <span className="muted">
            (попросил в кабинете {formatDateTime(callback.requested_at)})
          </span>
        </li>
      ))}
    </ul>
  );
}
