import { CRM_AUDIT_ACTION_TITLES, STAFF_ROLE_TITLES } from '@zaymo/contract';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  Button,
  Empty,
  ErrorNotice,
  ErrorText,
  Loading,
  MoreButton,
  TableScroll,
} from '@/components/ui';
import { clientPath, ROUTES } from '@/config/paths';
import { apiUrl } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { formatDateTimeSeconds } from '@zaymo/web-kit';
import { downloadFile } from '@/lib/open-file';
import { useTitle } from '@/lib/use-title';
import { useAuditLog } from '../api/audit';
import { AuditFiltersForm } from '../components/audit-filters-form';
import { detailsText } from '../components/details';
import { filtersOf, searchOf } from '../components/filters';

/** «Журнал» (part 8): who did what to which client, when, from where; filters and CSV. */
export function AuditScreen() {
  useTitle(ROUTES.audit.title);
  const [search, setSearch] = useSearchParams();
  const filters = filtersOf(search);
  const log = useAuditLog(filters);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const entries = log.data?.pages.flatMap((page) => page.data.entries) ?? [];

  const exportCsv = async () => {
    setExporting(true);
    setExportError(null);
    try {
      // The API client adds /api itself; apiUrl builds the query the same way as the calls.
      const link = apiUrl('/crm/audit.csv', searchOf(filters));
      // The server names the file by its own Moscow day (Content-Disposition).
      await downloadFile(link, 'журнал.csv');
    } catch (error) {
      setExportError(errorText(error));
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="screen">
      <div className="screen__title">
        <h1>Журнал</h1>
        <Button variant="secondary" onClick={() => void exportCsv()} loading={exporting}>
          Скачать CSV
        </Button>
      </div>
      <ErrorText>{exportError}</ErrorText>
      <AuditFiltersForm
        key={search.toString()}
        filters={filters}
        onApply={(next) => setSearch(searchOf(next))}
      />
      {log.isPending && <Loading />}
      {log.isError && <ErrorNotice error={log.error} onRetry={() => void log.refetch()} />}
      {log.isSuccess && entries.length === 0 && <Empty>Записей с такими условиями нет.</Empty>}
      {entries.length > 0 && (
        <TableScroll label="Записи журнала">
          <table>
            <thead>
              <tr>
                <th scope="col">Время (МСК)</th>
                <th scope="col">Сотрудник</th>
                <th scope="col">Действие</th>
                <th scope="col">Клиент</th>
                <th scope="col">Откуда</th>
                <th scope="col">Подробности</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td className="nowrap">{formatDateTimeSeconds(entry.at)}</td>
                  <td>
                    {entry.staff ? (
                      <>
                        {entry.staff.name}{' '}
                        <span className="muted">
                          ({entry.staff.login}, {STAFF_ROLE_TITLES[entry.staff.role]})
                        </span>
                      </>
                    ) : (
                      '—'
                    )}
                  </td>
                  <td>{CRM_AUDIT_ACTION_TITLES[entry.action]}</td>
                  <td>
                    {entry.client_id ? (
                      <Link to={clientPath(entry.client_id)}>№{entry.client_id}</Link>
                    ) : (
                      '—'
                    )}
                  </td>
                  <td title={entry.user_agent ?? undefined}>{entry.ip}</td>
                  <td>{detailsText(entry.details)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <MoreButton list={log} />
    </div>
  );
}
