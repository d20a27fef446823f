import { STAFF_ROLE_TITLES, type StaffMember } from '@zaymo/contract';
import { useState } from 'react';
import { Button, ErrorNotice, Loading, TableScroll } from '@/components/ui';
import { ROUTES } from '@/config/paths';
import { formatDateTimeSeconds } from '@zaymo/web-kit';
import { useTitle } from '@/lib/use-title';
import { useStaffSession } from '@/stores/staff-session';
import { useBlockStaff, useStaffList } from '../api/staff';
import { CreateStaffForm } from '../components/create-staff-form';

/** «Сотрудники» (admin, part 1): the staff accounts, a new one, blocking one. */
export function StaffScreen() {
  useTitle(ROUTES.staff.title);
  const list = useStaffList();
  return (
    <div className="screen">
      <h1>Сотрудники</h1>
      {list.isPending && <Loading />}
      {list.isError && <ErrorNotice error={list.error} onRetry={() => void list.refetch()} />}
      {list.data && (
        <TableScroll label="Сотрудники">
          <table>
            <thead>
              <tr>
                <th scope="col">Сотрудник</th>
                <th scope="col">Роль</th>
                <th scope="col">Приложение</th>
                <th scope="col">Последний вход</th>
                <th scope="col">Состояние</th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((member) => (
                <StaffRow key={member.id} member={member} />
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <CreateStaffForm />
    </div>
  );
}

function StaffRow({ member }: { member: StaffMember }) {
  const me = useStaffSession((state) => state.staff);
  const block = useBlockStaff();
  const [confirming, setConfirming] = useState(false);
  return (
    <tr>
      <td>
        {member.name} <span className="muted">({member.login})</span>
      </td>
      <td>{STAFF_ROLE_TITLES[member.role]}</td>
      <td>{member.totp_enrolled ? 'Подключено' : 'Ещё не входил'}</td>
      <td>{member.last_sign_in_at ? formatDateTimeSeconds(member.last_sign_in_at) : '—'}</td>
      <td>
        {member.blocked_at ? (
          `Заблокирован ${formatDateTimeSeconds(member.blocked_at)}`
        ) : member.id === me?.id ? (
          'Работает (это вы)'
        ) : confirming ? (
          <span className="actions">
            <Button
              variant="danger"
              loading={block.isPending}
              onClick={() => block.mutate(member.id, { onSettled: () => setConfirming(false) })}
            >
              Заблокировать {member.login}
            </Button>
            <Button variant="link" onClick={() => setConfirming(false)}>
              Отмена
            </Button>
          </span>
        ) : (
          <>
            Работает{' '}
            <Button variant="link" onClick={() => setConfirming(true)}>
              Заблокировать
            </Button>
          </>
        )}
        {block.isError && <ErrorNotice error={block.error} />}
      </td>
    </tr>
  );
}
