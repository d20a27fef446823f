import { crmClientSearchQuerySchema, formatPhone } from '@zaymo/contract';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, Empty, ErrorNotice, Field, Loading, TableScroll } from '@/components/ui';
import { clientPath, ROUTES } from '@/config/paths';
import { formatDate, formatDateTimeSeconds } from '@zaymo/web-kit';
import { useTitle } from '@/lib/use-title';
import { useClientSearch } from '../api/clients';
import { fullName } from '../components/titles';

/** «Клиенты»: the search box and its results; the query lives in the address (?q=). */
export function ClientsScreen() {
  useTitle(ROUTES.clients.title);
  const [search, setSearch] = useSearchParams();
  const q = search.get('q') ?? '';
  const [text, setText] = useState(q);
  const [invalid, setInvalid] = useState<string>();
  const results = useClientSearch(q);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = crmClientSearchQuerySchema.safeParse({ q: text });
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message);
      return;
    }
    setInvalid(undefined);
    setSearch({ q: parsed.data.q });
  };

  return (
    <div className="screen">
      <h1>Клиенты</h1>
      <form className="search" role="search" onSubmit={submit} noValidate>
        <Field
          label="Телефон, ФИО, номер договора или паспорта"
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          error={invalid}
          autoFocus
        />
        <Button type="submit" loading={results.isFetching}>
          Найти
        </Button>
      </form>
      {q && results.isPending && <Loading label="Ищем…" />}
      {results.isError && (
        <ErrorNotice error={results.error} onRetry={() => void results.refetch()} />
      )}
      {results.data && results.data.length === 0 && (
        <Empty>По запросу «{q}» никого не нашли.</Empty>
      )}
      {results.data && results.data.length > 0 && (
        <TableScroll label="Найденные клиенты">
          <table>
            <caption>Найдено: {results.data.length}</caption>
            <thead>
              <tr>
                <th scope="col">Клиент</th>
                <th scope="col">Телефон</th>
                <th scope="col">Дата рождения</th>
                <th scope="col">Паспорт</th>
                <th scope="col">Договоры</th>
                <th scope="col">Регистрация</th>
              </tr>
            </thead>
            <tbody>
              {results.data.map((client) => (
                <tr key={client.id}>
                  <td>
                    <Link to={clientPath(client.id)}>{fullName(client)}</Link>
                  </td>
                  <td className="nowrap">{formatPhone(client.phone)}</td>
                  <td>{client.birth_date ? formatDate(client.birth_date) : '—'}</td>
                  <td>{client.passport_masked ?? '—'}</td>
                  <td>{client.contract_numbers.join(', ') || '—'}</td>
                  <td>{formatDateTimeSeconds(client.created_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </div>
  );
}
