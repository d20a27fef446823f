import {
  WAIVER_STATES,
  WAIVER_STATE_TITLES,
  type CrmWaiver,
  type WaiverState,
} from '@zaymo/contract';
import { hasErrorCode } from '@zaymo/web-kit';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  Button,
  Empty,
  ErrorNotice,
  ErrorText,
  Field,
  Loading,
  SelectField,
} from '@/components/ui';
import { collectionPath, ROUTES } from '@/config/paths';
import { errorText } from '@/lib/error-text';
import { useTitle } from '@/lib/use-title';
import { useStaffSession } from '@/stores/staff-session';
import { useDecideWaiver, useWaivers } from '../api/collections';
import { WaiverText } from '../components/waiver-text';

/** «Согласование»: waivers proposed by collectors, decided by a second person (risk, admin). */
export function WaiversScreen() {
  useTitle(ROUTES.waivers.title);
  const [state, setState] = useState<WaiverState>('pending');
  const waivers = useWaivers(state);
  return (
    <div className="screen">
      <h1>{ROUTES.waivers.title}</h1>
      <p className="muted">
        Списание проводится только после решения второго сотрудника. Своё предложение решить нельзя.
      </p>
      <form className="filters" aria-label="Фильтр" onSubmit={(event) => event.preventDefault()}>
        <SelectField
          label="Состояние"
          options={WAIVER_STATES.map((value) => ({ value, label: WAIVER_STATE_TITLES[value] }))}
          value={state}
          onChange={(event) => setState(event.target.value as WaiverState)}
        />
      </form>
      {waivers.isPending && <Loading label="Загружаем предложения…" />}
      {waivers.isError && (
        <ErrorNotice error={waivers.error} onRetry={() => void waivers.refetch()} />
      )}
      {waivers.data?.length === 0 && <Empty>Предложений нет.</Empty>}
      {waivers.data && waivers.data.length > 0 && (
        <ul className="waivers" aria-label="Предложения о списании">
          {waivers.data.map((waiver) => (
            <WaiverItem key={waiver.id} waiver={waiver} />
          ))}
        </ul>
      )}
    </div>
  );
}

function WaiverItem({ waiver }: { waiver: CrmWaiver }) {
  const me = useStaffSession((session) => session.staff);
  return (
    <li className="waivers__item">
      <p>
        <Link to={collectionPath(waiver.order_id)}>Договор {waiver.contract_number}</Link> —{' '}
        {waiver.client_name}
      </p>
      <p>
        <WaiverText waiver={waiver} />
      </p>
      {waiver.state === 'pending' &&
        (me?.id === waiver.proposed_by.id ? (
          <p className="muted">Ваше предложение: решает другой сотрудник.</p>
        ) : (
          <DecisionForm waiver={waiver} />
        ))}
    </li>
  );
}

function DecisionForm({ waiver }: { waiver: CrmWaiver }) {
  const decide = useDecideWaiver();
  const [reason, setReason] = useState('');
  const fields = hasErrorCode(decide.error, 'VALIDATION') ? decide.error.fields : {};
  const send = (decision: 'approve' | 'refuse') =>
    decide.mutate({ id: waiver.id, decision, reason });
  return (
    <form
      className="filters"
      aria-label={`Решение по договору ${waiver.contract_number}`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        send('approve');
      }}
    >
      <Field
        label="Причина решения"
        value={reason}
        error={fields.reason}
        onChange={(event) => setReason(event.target.value)}
      />
      <Button type="submit" loading={decide.isPending && decide.variables?.decision === 'approve'}>
        Согласовать
      </Button>
      <Button
        type="button"
        variant="secondary"
        loading={decide.isPending && decide.variables?.decision === 'refuse'}
        onClick={() => send('refuse')}
      >
        Отказать
      </Button>
      {decide.isError && !hasErrorCode(decide.error, 'VALIDATION') && (
        <ErrorText>{errorText(decide.error)}</ErrorText>
      )}
    </form>
  );
}
