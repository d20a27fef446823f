import {
  formatPhone,
  IDENTIFICATION_LEVEL_TITLES,
  type CrmClientCard,
  type IdentitySource,
} from '@zaymo/contract';
import { useState } from 'react';
import { FileButton } from '@/components/file-button';
import { Button, Empty, ErrorText, Section } from '@/components/ui';
import { errorText } from '@/lib/error-text';
import { formatDate, formatDateTimeSeconds } from '@zaymo/web-kit';
import { formatRoubles } from '@/lib/money';
import { useRevealPassport } from '../api/clients';
import { Facts } from '@/components/facts';
import { employmentTitle, genderTitle, photoKindTitle, workFieldTitle } from './titles';

function contactFacts(client: CrmClientCard): [string, string][] {
  return [
    ['Телефон', `${formatPhone(client.phone)}${client.phone_confirmed ? '' : ' (не подтверждён)'}`],
    [
      'Эл. почта',
      client.email ? `${client.email}${client.email_confirmed_at ? '' : ' (не подтверждена)'}` : '',
    ],
    ['Зарегистрирован', formatDateTimeSeconds(client.created_at)],
    ['Шаг анкеты', client.identity.step === null ? '' : String(client.identity.step)],
    ['Идентификация', IDENTIFICATION_LEVEL_TITLES[client.identification.level]],
    ['Госуслуги', client.identification.esia_linked ? 'связаны' : 'не связаны'],
  ];
}

/** A field of the «работа» step as a person reads it. */
function workFact([name, value]: [string, unknown]): [string, string] {
  const text =
    value === null || value === undefined
      ? ''
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);
  if (name === 'employment_type') return [workFieldTitle(name), employmentTitle(text)];
  if (name === 'monthly_income') return [workFieldTitle(name), formatRoubles(text)];
  return [workFieldTitle(name), text];
}

const SOURCE_TITLES: Record<IdentitySource, string> = {
  client: 'введены клиентом',
  esia: 'подтверждены Госуслугами',
  mismatch: 'введены клиентом, отличаются от Госуслуг',
};

/** Where a step's data came from: typed by the client or from Госуслуги. */
function SourceNote({ source, label = 'Данные' }: { source: IdentitySource; label?: string }) {
  return <p className="client-source">{`Источник. ${label}: ${SOURCE_TITLES[source]}`}</p>;
}

/** «Профиль и анкета»: contacts, the identity steps, the passport (masked until «Показать»). */
export function ProfileSection({ client }: { client: CrmClientCard }) {
  const { personal, addresses, work, monthly_income: income } = client.identity;
  return (
    <Section title="Профиль и анкета">
      <Facts items={contactFacts(client)} />
      <h3>Личные данные</h3>
      <SourceNote source={client.identification.sources.personal} />
      {personal ? (
        <Facts
          items={[
            ['Фамилия', personal.surname],
            ['Имя', personal.name],
            ['Отчество', personal.patronymic],
            ['Дата рождения', formatDate(personal.birth_date)],
            ['Место рождения', personal.birth_place],
            ['Пол', personal.gender ? genderTitle(personal.gender) : ''],
          ]}
        />
      ) : (
        <Empty>Клиент ещё не заполнил личные данные.</Empty>
      )}
      <h3>Паспорт</h3>
      <SourceNote source={client.identification.sources.passport} />
      <PassportFacts client={client} />
      <h3>Адреса и работа</h3>
      <SourceNote source={client.identification.sources.addresses} label="Адреса" />
      <Facts
        items={[
          ['Адрес регистрации', addresses?.registration ?? ''],
          ['Адрес проживания', addresses?.residence ?? ''],
          ...Object.entries(work ?? {}).map(workFact),
          ['Ежемесячный доход', income ? formatRoubles(income) : ''],
          [
            'Анкета обновлена',
            client.identity.updated_at ? formatDateTimeSeconds(client.identity.updated_at) : '',
          ],
        ]}
      />
      <h3>Фотографии</h3>
      <Photos client={client} />
    </Section>
  );
}

function PassportFacts({ client }: { client: CrmClientCard }) {
  const reveal = useRevealPassport(client.id);
  const [shown, setShown] = useState(false);
  const passport = client.identity.passport;
  if (!passport) return <Empty>Клиент ещё не заполнил паспорт.</Empty>;
  const whole = shown ? reveal.data?.data : undefined;
  const show = () => {
    if (reveal.data) setShown(true);
    else reveal.mutate(undefined, { onSuccess: () => setShown(true) });
  };
  return (
    <>
      <Facts
        items={[
          [
            'Серия и номер',
            <span className="passport" key="number">
              <span data-testid="passport-number">
                {whole ? whole.series_number : passport.series_number_masked}
              </span>{' '}
              {whole ? (
                <Button variant="link" onClick={() => setShown(false)}>
                  Скрыть
                </Button>
              ) : (
                <Button variant="link" onClick={show} loading={reveal.isPending}>
                  Показать
                </Button>
              )}
            </span>,
          ],
          ['Дата выдачи', formatDate(whole?.issue_date ?? passport.issue_date)],
          ['Код подразделения', whole?.division_code ?? passport.division_code],
          ['Кем выдан', whole?.issued_by ?? passport.issued_by],
        ]}
      />
      <ErrorText>{reveal.isError ? errorText(reveal.error) : null}</ErrorText>
    </>
  );
}

function Photos({ client }: { client: CrmClientCard }) {
  if (client.photos.length === 0) return <Empty>Фотографий нет.</Empty>;
  return (
    <ul className="plain-list">
      {client.photos.map((photo) => (
        <li key={photo.id}>
          <FileButton url={photo.url}>{photoKindTitle(photo.kind)}</FileButton>{' '}
          <span className="muted">{formatDateTimeSeconds(photo.created_at)}</span>
        </li>
      ))}
    </ul>
  );
}
