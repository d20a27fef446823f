import {
  BUREAU_WAIT_ACTION_TITLES,
  crmBureauWaitSchema,
  crmInsuranceEditSchema,
  crmMoratoriumEditSchema,
  crmPartnerEditSchema,
  crmShowcaseRuleEditSchema,
  crmTariffEditSchema,
  SHOWCASE_RULE_PAGE_TITLES,
  type CrmBureauWait,
  type CrmInsurance,
  type CrmPartner,
  type CrmShowcaseRule,
  type CrmTariff,
} from '@zaymo/contract';
import { useState } from 'react';
import { Button, Empty, SelectField, TableScroll } from '@/components/ui';
import { formatRoubles } from '@/lib/money';
import {
  useEditBureauWait,
  useEditInsurance,
  useEditMoratorium,
  useEditPartner,
  useEditShowcaseRule,
  useEditTariff,
} from '../api/settings';
import { CheckboxInput, EditForm, MoneyInput, TextInput } from './edit-form';
import { SettingsHistory } from './history';

const TARIFF_LABELS = {
  name: 'Название',
  min_sum: 'Сумма от',
  max_sum: 'Сумма до',
  sum_step: 'Шаг суммы',
  min_period: 'Срок от',
  max_period: 'Срок до',
  period_step: 'Шаг срока',
  day_percent: 'Ставка, % в день',
  is_active: 'Действует',
  position: 'Порядок',
};
const INSURANCE_LABELS = {
  name: 'Название',
  description: 'Описание',
  price: 'Цена',
  is_active: 'Предлагается',
  position: 'Порядок',
};
const PARTNER_LABELS = {
  name: 'Название',
  description: 'Описание',
  link: 'Ссылка',
  max_sum: 'Сумма до',
  rate_text: 'Ставка',
  is_active: 'Показывается',
  position: 'Порядок',
};
const RULE_LABELS = {
  partner_id: 'Партнёр (номер)',
  latency_seconds: 'Задержка, с',
  window_to_open: 'Где открыть',
};

const yes = (value: boolean) => (value ? 'да' : 'нет');

/** A list of items, one of them open for editing with its history under the form. */
function ItemList<Item extends { id: number; name: string }>({
  label,
  items,
  columns,
  renderEdit,
}: {
  label: string;
  items: readonly Item[];
  columns: readonly { title: string; cell: (item: Item) => string }[];
  renderEdit: (item: Item) => React.ReactNode;
}) {
  const [openId, setOpenId] = useState<number | null>(null);
  const open = items.find((item) => item.id === openId);
  if (items.length === 0) return <Empty>Пока ничего нет.</Empty>;
  return (
    <>
      <TableScroll label={label}>
        <table>
          <thead>
            <tr>
              <th scope="col">Название</th>
              {columns.map((column) => (
                <th scope="col" key={column.title}>
                  {column.title}
                </th>
              ))}
              <th scope="col">Изменение</th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.id}>
                <td>{item.name}</td>
                {columns.map((column) => (
                  <td key={column.title}>{column.cell(item)}</td>
                ))}
                <td>
                  <Button
                    variant="link"
                    aria-expanded={item.id === openId}
                    onClick={() => setOpenId(item.id === openId ? null : item.id)}
                  >
                    {item.id === openId ? 'Закрыть' : `Изменить «${item.name}»`}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      {open && <div key={open.id}>{renderEdit(open)}</div>}
    </>
  );
}

export function TariffsPanel({ tariffs }: { tariffs: readonly CrmTariff[] }) {
  return (
    <ItemList
      label="Тарифы"
      items={tariffs}
      columns={[
        { title: 'Клиенты', cell: (t) => (t.is_repeat ? 'Повторные' : 'Новые') },
        {
          title: 'Сумма',
          cell: (t) => `${formatRoubles(t.min_sum)} — ${formatRoubles(t.max_sum)}`,
        },
        { title: 'Срок, дней', cell: (t) => `${t.min_period} — ${t.max_period}` },
        { title: 'Ставка', cell: (t) => `${t.day_percent.replace('.', ',')} % в день` },
        { title: 'Действует', cell: (t) => yes(t.is_active) },
      ]}
      renderEdit={(tariff) => <TariffEdit tariff={tariff} />}
    />
  );
}

function TariffEdit({ tariff }: { tariff: CrmTariff }) {
  const edit = useEditTariff(tariff.id);
  const { id: _id, is_repeat: _repeat, ...values } = tariff;
  return (
    <div className="settings-edit">
      <EditForm
        title={`Тариф «${tariff.name}»`}
        schema={crmTariffEditSchema}
        values={values}
        save={(body, done) => edit.mutate(body, done)}
        saving={edit.isPending}
        failure={edit.error}
      >
        {(form) => (
          <>
            <TextInput form={form} name="name" label={TARIFF_LABELS.name} />
            <MoneyInput form={form} name="min_sum" label={TARIFF_LABELS.min_sum} />
            <MoneyInput form={form} name="max_sum" label={TARIFF_LABELS.max_sum} />
            <MoneyInput form={form} name="sum_step" label={TARIFF_LABELS.sum_step} />
            <TextInput form={form} name="min_period" label="Срок от, дней" number />
            <TextInput form={form} name="max_period" label="Срок до, дней" number />
            <TextInput form={form} name="period_step" label="Шаг срока, дней" number />
            <TextInput
              form={form}
              name="day_percent"
              label={TARIFF_LABELS.day_percent}
              hint="Не больше 0,8 % в день (353-ФЗ, ст. 6 ч. 23)"
            />
            <TextInput form={form} name="position" label={TARIFF_LABELS.position} number />
            <CheckboxInput form={form} name="is_active" label={TARIFF_LABELS.is_active} />
          </>
        )}
      </EditForm>
      <SettingsHistory
        entity="tariff"
        id={String(tariff.id)}
        labels={TARIFF_LABELS}
        money={['min_sum', 'max_sum', 'sum_step']}
        of={`тариф «${tariff.name}»`}
      />
    </div>
  );
}

export function InsurancesPanel({ insurances }: { insurances: readonly CrmInsurance[] }) {
  return (
    <ItemList
      label="Страховки"
      items={insurances}
      columns={[
        { title: 'Цена', cell: (i) => formatRoubles(i.price) },
        { title: 'Предлагается', cell: (i) => yes(i.is_active) },
      ]}
      renderEdit={(insurance) => <InsuranceEdit insurance={insurance} />}
    />
  );
}

function InsuranceEdit({ insurance }: { insurance: CrmInsurance }) {
  const edit = useEditInsurance(insurance.id);
  const { id: _id, code: _code, ...values } = insurance;
  return (
    <div className="settings-edit">
      <EditForm
        title={`Страховка «${insurance.name}»`}
        schema={crmInsuranceEditSchema}
        values={values}
        save={(body, done) => edit.mutate(body, done)}
        saving={edit.isPending}
        failure={edit.error}
      >
        {(form) => (
          <>
            <TextInput form={form} name="name" label={INSURANCE_LABELS.name} />
            <TextInput form={form} name="description" label={INSURANCE_LABELS.description} />
            <MoneyInput form={form} name="price" label={INSURANCE_LABELS.price} />
            <TextInput form={form} name="position" label={INSURANCE_LABELS.position} number />
            <CheckboxInput form={form} name="is_active" label={INSURANCE_LABELS.is_active} />
          </>
        )}
      </EditForm>
      <SettingsHistory
        entity="insurance"
        id={String(insurance.id)}
        labels={INSURANCE_LABELS}
        money={['price']}
        of={`страховка «${insurance.name}»`}
      />
    </div>
  );
}

export function PartnersPanel({
  partners,
  rules,
}: {
  partners: readonly CrmPartner[];
  rules: readonly CrmShowcaseRule[];
}) {
  return (
    <>
      <ItemList
        label="Партнёры"
        items={partners}
        columns={[
          { title: 'Сумма до', cell: (p) => formatRoubles(p.max_sum) },
          { title: 'Ставка', cell: (p) => p.rate_text },
          { title: 'Показывается', cell: (p) => yes(p.is_active) },
        ]}
        renderEdit={(partner) => <PartnerEdit partner={partner} />}
      />
      <h2>Куда витрина ведёт клиента в мораторий</h2>
      {rules.map((rule) => (
        <ShowcaseRuleEdit key={rule.page} rule={rule} partners={partners} />
      ))}
    </>
  );
}

function PartnerEdit({ partner }: { partner: CrmPartner }) {
  const edit = useEditPartner(partner.id);
  const { id: _id, ...values } = partner;
  return (
    <div className="settings-edit">
      <EditForm
        title={`Партнёр «${partner.name}»`}
        schema={crmPartnerEditSchema}
        values={values}
        save={(body, done) => edit.mutate(body, done)}
        saving={edit.isPending}
        failure={edit.error}
      >
        {(form) => (
          <>
            <TextInput form={form} name="name" label={PARTNER_LABELS.name} />
            <TextInput form={form} name="description" label={PARTNER_LABELS.description} />
            <TextInput form={form} name="link" label={PARTNER_LABELS.link} hint="Только https://" />
            <MoneyInput form={form} name="max_sum" label={PARTNER_LABELS.max_sum} />
            <TextInput form={form} name="rate_text" label={PARTNER_LABELS.rate_text} />
            <TextInput form={form} name="position" label={PARTNER_LABELS.position} number />
            <CheckboxInput form={form} name="is_active" label={PARTNER_LABELS.is_active} />
          </>
        )}
      </EditForm>
      <SettingsHistory
        entity="partner"
        id={String(partner.id)}
        labels={PARTNER_LABELS}
        money={['max_sum']}
        of={`партнёр «${partner.name}»`}
      />
    </div>
  );
}

const WINDOW_OPTIONS = [
  { value: 'in-same-window', label: 'В том же окне' },
  { value: 'in-new-window', label: 'В новом окне' },
];

function ShowcaseRuleEdit({
  rule,
  partners,
}: {
  rule: CrmShowcaseRule;
  partners: readonly CrmPartner[];
}) {
  const edit = useEditShowcaseRule(rule.page);
  const { page, ...values } = rule;
  const partnerOptions = partners.map((partner) => ({ value: partner.id, label: partner.name }));
  return (
    <div className="settings-edit">
      <EditForm
        title={SHOWCASE_RULE_PAGE_TITLES[page]}
        schema={crmShowcaseRuleEditSchema}
        values={values}
        save={(body, done) => edit.mutate(body, done)}
        saving={edit.isPending}
        failure={edit.error}
      >
        {(form) => (
          <>
            <SelectField
              label="Партнёр"
              anyLabel="Без ссылки"
              options={partnerOptions}
              {...form.register('partner_id', {
                setValueAs: (value: string) => (value === '' ? null : Number(value)),
              })}
            />
            <TextInput
              form={form}
              name="latency_seconds"
              label="Задержка перехода, секунд"
              number
            />
            <SelectField
              label="Где открыть ссылку"
              options={WINDOW_OPTIONS}
              {...form.register('window_to_open')}
            />
          </>
        )}
      </EditForm>
      <SettingsHistory
        entity="showcase_rule"
        id={page}
        labels={RULE_LABELS}
        of={SHOWCASE_RULE_PAGE_TITLES[page].toLowerCase()}
      />
    </div>
  );
}

export function MoratoriumPanel({ days }: { days: number }) {
  const edit = useEditMoratorium();
  return (
    <div className="settings-edit">
      <EditForm
        key={days}
        title="Мораторий после отказа"
        schema={crmMoratoriumEditSchema}
        values={{ days }}
        save={(body, done) => edit.mutate(body, done)}
        saving={edit.isPending}
        failure={edit.error}
      >
        {(form) => (
          <TextInput
            form={form}
            name="days"
            label="Дней без новых заявок после отказа"
            hint="0 — без моратория. Уже назначенные отказы не меняются."
            number
          />
        )}
      </EditForm>
      <SettingsHistory entity="moratorium" labels={{ days: 'Дней' }} of="мораторий" />
    </div>
  );
}

const BUREAU_WAIT_OPTIONS = Object.entries(BUREAU_WAIT_ACTION_TITLES).map(([value, label]) => ({
  value,
  label,
}));

/** The risk team's rule for an order whose credit bureau does not answer. */
export function BureauWaitPanel({ wait }: { wait: CrmBureauWait }) {
  const edit = useEditBureauWait();
  return (
    <div className="settings-edit">
      <EditForm
        key={`${wait.minutes}-${wait.action}`}
        title="Бюро кредитных историй не отвечает"
        schema={crmBureauWaitSchema}
        values={wait}
        save={(body, done) => edit.mutate(body, done)}
        saving={edit.isPending}
        failure={edit.error}
      >
        {(form) => (
          <>
            <p className="muted">
              Без ответа бюро заём не выдаётся: заявка ждёт, запрос повторяется, клиент видит
              «Проверяем кредитную историю». Когда ожидание выйдет, с заявкой поступят так:
            </p>
            <TextInput
              form={form}
              name="minutes"
              label="Ждать ответа бюро, минут"
              hint="Считается от подачи заявки."
              number
            />
            <SelectField label="Потом" options={BUREAU_WAIT_OPTIONS} {...form.register('action')} />
          </>
        )}
      </EditForm>
      <SettingsHistory
        entity="bureau_wait"
        labels={{ minutes: 'Минут', action: 'Действие' }}
        of="ожидание ответа бюро"
      />
    </div>
  );
}
