import { documentKindInfo } from '@zaymo/contract';
import { fields, heading, notice, paragraph, type Block, type DocumentContent } from '../content';
import { formatDate, formatDays, formatMoscowDateTime, money, orMissing } from '../format';
import { clientFields, clientReference, companyReference } from '../parties';
import type { ContractDocumentData } from '../types';
import {
  CHARGES_CAP_ARTICLE,
  chargesCapWarning,
  companyFields,
  contractReference,
  LAW_353,
  penaltyPercent,
  rateText,
} from './common';

type TermRow = readonly [number: string, condition: string, content: string];

const NOT_APPLICABLE = 'Не применяется';

/** 353-ФЗ ст. 7 ч. 9.3: the loan is provided only after the cooling-off. */
function coolingOffText(payoutNotBefore: string | undefined): string {
  if (!payoutNotBefore) return '';
  return (
    ` Заем предоставляется не ранее ${formatMoscowDateTime(payoutNotBefore)} — по окончании ` +
    'периода охлаждения (ч. 9.3 ст. 7 Федерального закона ' +
    '«О потребительском кредите (займе)»). До получения займа заемщик вправе отказаться от него ' +
    'в личном кабинете; проценты за этот период не начисляются.'
  );
}

function amountAndTermRows({ loan }: ContractDocumentData): TermRow[] {
  return [
    [
      '1',
      'Сумма кредита (займа) или лимит кредитования и порядок его изменения',
      money(loan.principal),
    ],
    [
      '2',
      'Срок действия договора, срок возврата кредита (займа)',
      'Договор действует до полного исполнения обязательств. Срок возврата займа — ' +
        `${formatDays(loan.days)}, не позднее ${formatDate(loan.dueDate)} включительно.` +
        coolingOffText(loan.payoutNotBefore),
    ],
    ['3', 'Валюта, в которой предоставляется кредит (заем)', 'Российский рубль'],
    [
      '4',
      'Процентная ставка (процентные ставки) в процентах годовых',
      `${rateText(loan.dailyRatePercent)}. Проценты начисляются на остаток основного долга за ` +
        'каждый день пользования займом со дня, следующего за днем его предоставления, по день ' +
        'возврата включительно.',
    ],
    [
      '5',
      'Порядок определения курса иностранной валюты при переводе денежных средств',
      NOT_APPLICABLE,
    ],
    [
      '5.1',
      'Изменение суммы расходов заемщика при увеличении переменной процентной ставки',
      NOT_APPLICABLE,
    ],
  ];
}

function paymentRows({ loan, company }: ContractDocumentData): TermRow[] {
  return [
    [
      '6',
      'Количество, размер и периодичность (сроки) платежей заемщика',
      `Один платеж в размере ${money(loan.totalToReturn)}, в том числе сумма займа ` +
        `${money(loan.principal)} и проценты ${money(loan.interest)}, не позднее ` +
        `${formatDate(loan.dueDate)}.`,
    ],
    [
      '7',
      'Порядок изменения количества, размера и периодичности платежей при частичном досрочном возврате',
      'Количество платежей не меняется; проценты начисляются на уменьшенный остаток основного ' +
        'долга, размер платежа уменьшается. Обновленный график доступен в личном кабинете.',
    ],
    [
      '8',
      'Способы исполнения заемщиком обязательств по договору',
      `Оплата банковской картой в личном кабинете на сайте ${company.site_url}; перевод по ` +
        'реквизитам Кредитора через кредитную организацию.',
    ],
    [
      '8.1',
      'Бесплатный способ исполнения заемщиком обязательств',
      `Оплата банковской картой в личном кабинете на сайте ${company.site_url}: Кредитор ` +
        'комиссию не взимает.',
    ],
    ['9', 'Обязанность заемщика заключить иные договоры', NOT_APPLICABLE],
    ['10', 'Обязанность заемщика по предоставлению обеспечения', NOT_APPLICABLE],
    ['11', 'Цели использования заемщиком потребительского кредита (займа)', NOT_APPLICABLE],
  ];
}

function liabilityRows({ loan, company }: ContractDocumentData): TermRow[] {
  return [
    [
      '12',
      'Ответственность заемщика за ненадлежащее исполнение условий договора',
      `Неустойка (пени) в размере ${penaltyPercent(loan)} % годовых на не погашенную часть ` +
        'суммы основного долга за каждый день просрочки, начиная со дня, следующего за датой ' +
        'возврата. Проценты за пользование займом в период просрочки начисляются в пределах ' +
        `ограничений ${CHARGES_CAP_ARTICLE} ${LAW_353}.`,
    ],
    [
      '13',
      'Условие об уступке кредитором третьим лицам прав (требований) по договору',
      'Кредитор вправе уступить права (требования) по договору третьим лицам в соответствии со ' +
        'статьей 12 Федерального закона № 353-ФЗ. Заемщик может запретить уступку, сообщив об ' +
        'этом Кредитору до подписания Индивидуальных условий.',
    ],
    [
      '14',
      'Согласие заемщика с общими условиями договора',
      'Заемщик ознакомлен с Общими условиями договора потребительского микрозайма, ' +
        `размещенными на сайте ${company.site_url}, и согласен с ними.`,
    ],
    [
      '15',
      'Услуги, оказываемые кредитором за отдельную плату, и согласие заемщика на них',
      'Не предусмотрены',
    ],
  ];
}

function serviceRows({ company, client, insurance }: ContractDocumentData): TermRow[] {
  return [
    [
      '16',
      'Способ обмена информацией между кредитором и заемщиком',
      `Личный кабинет на сайте ${company.site_url}; SMS и звонки на номер ` +
        `${orMissing(client.phone)}; e-mail ${orMissing(client.email)}. Кредитор: ` +
        `${company.support_phone}, ${company.support_email}.`,
    ],
    [
      '17',
      'Способ предоставления займа',
      'Перечисление на банковскую карту Заемщика, привязанную в личном кабинете.',
    ],
    [
      '18',
      'Продление срока возврата (пролонгация)',
      'По заявлению Заемщика при уплате начисленных процентов — дополнительным соглашением, ' +
        'подписанным АСП. Неуплаченные проценты к основному долгу не присоединяются.',
    ],
    [
      '19',
      'Подписание договора',
      'Индивидуальные условия подписываются Заемщиком аналогом собственноручной подписи в ' +
        'порядке, установленном Соглашением об использовании АСП.',
    ],
    [
      '20',
      'Дополнительные услуги третьих лиц',
      insurance
        ? `Заемщик добровольно выбрал страхование «${insurance.name}» стоимостью ` +
          `${money(insurance.price)} (отдельное заявление). Отказ от страхования не влияет на ` +
          'решение о предоставлении займа и его условия.'
        : 'Заемщик дополнительные услуги не выбрал.',
    ],
  ];
}

function termsTable(data: ContractDocumentData): Block {
  return {
    type: 'table',
    columns: [
      { header: '№', width: 28, align: 'center' },
      { header: 'Условие', width: 185 },
      { header: 'Содержание условия', width: '*' },
    ],
    rows: [
      ...amountAndTermRows(data),
      ...paymentRows(data),
      ...liabilityRows(data),
      ...serviceRows(data),
    ],
  };
}

export function individualTerms(data: ContractDocumentData): DocumentContent {
  const { company, client, loan } = data;
  return {
    title: documentKindInfo('individual_terms').title,
    subtitle: [`Договор потребительского микрозайма ${contractReference(loan)}`],
    pskBox: loan.psk,
    blocks: [
      notice(chargesCapWarning(loan)),
      paragraph(
        `${companyReference(company)} (далее — Кредитор) и ${clientReference(client)} (далее — ` +
          'Заемщик) согласовали следующие индивидуальные условия договора потребительского ' +
          'микрозайма.',
      ),
      termsTable(data),
      heading('Кредитор'),
      fields(companyFields(company)),
      heading('Заемщик'),
      fields(clientFields(client)),
    ],
  };
}
