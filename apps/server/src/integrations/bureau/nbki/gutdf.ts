import { kopecks, type Kopecks } from '@zaymo/contract';
import {
  CREDIT_EVENT_CODES,
  type BureauPerson,
  type CreditEvent,
  type CreditEventCode,
  type DebtBlock,
  type DealBlock,
} from '../types';
import { dotRoubles } from './amounts';
import { PASSPORT_ID_TYPE } from './report-request';
import {
  attribute,
  child,
  childText,
  children,
  element,
  leaf,
  parseXml,
  renderXml,
  type XmlElement,
  type XmlNode,
} from './xml';

/*
 * GUTDF, NBKI's XML encoding of the credit-history events of Bank of Russia regulation 758-П
 * (element names as open-nbki's generated classes of NBKI's Blocks.xsd, schema 4.1): a Document
 * with the source (block 46), and per subject its title (blocks 1, 3, 4) and events
 * FL_Event_<code> whose blocks carry the figures: 17 deal UID, 18 deal, 19 sum, 21 payment terms,
 * 22 ПСК, 23 changes of terms, 24 money provided, 25–28 debt / due / overdue / payment, 29 average
 * monthly payment, 38 end of the obligation, 55 application, 57 refusal. Dates are YYYY-MM-DD,
 * sums roubles with a dot, written from kopecks. Our event id travels in eventComment: the
 * bureau (and our sandbox) accepts a repeated id once.
 */

export const GUTDF_SCHEMA_VERSION = '4.1';

export interface GutdfSource {
  readonly inn: string;
  readonly ogrn: string;
  readonly fullName: string;
  /** Our member code at NBKI (sourceID). */
  readonly memberCode: string;
}

export interface GutdfDocument {
  readonly number: string;
  /** YYYY-MM-DD */
  readonly date: string;
  readonly source: GutdfSource;
  readonly events: readonly CreditEvent[];
}

const RUB = 'RUB';
/** Справочник 6.4.1: the application was made remotely, on the lender's site. */
const REMOTE_APPLICATION = '7';
/** Справочник 3.7 (28.11): the payment came on time / late. */
const ON_TIME = '2';
const LATE = '3';

function eventElementName(code: CreditEventCode): string {
  return `FL_Event_${code.replace('.', '_')}`;
}

function titleElement(person: BureauPerson): XmlElement {
  const { passport } = person;
  return element('Title', [
    element('FL_1_4_Group', [
      element('FL_1_Name', [
        element('lastName', person.surname),
        element('firstName', person.name),
        leaf('middleName', person.patronymic),
      ]),
      element('FL_4_Doc', [
        element('countryCode', '643'),
        element('docCode', PASSPORT_ID_TYPE),
        element('docSeries', passport.series),
        element('docNum', passport.number),
        element('issueDate', passport.issueDate),
        element('docIssuer', passport.issuedBy),
        element('deptCode', passport.divisionCode),
      ]),
    ]),
    element('FL_3_Birth', [
      element('birthDate', person.birthDate),
      element('countryCode', '643'),
      element('birthPlace', person.birthPlace),
    ]),
  ]);
}

function applicationBlock(event: CreditEvent): XmlElement | null {
  const application = event.application;
  if (!application) return null;
  return element('FL_55_Application', [
    element('role', '1'),
    element('sum', dotRoubles(application.amount)),
    element('currency', RUB),
    element('uid', event.dealUid),
    element('applicationDate', application.date),
    element('wayCode', REMOTE_APPLICATION),
    leaf('approvalEndDate', application.approvedUntil),
    element('stageCode', application.reject ? '3' : application.approvedUntil ? '2' : '1'),
    element('stageDate', event.date),
    leaf(
      'loanSum',
      application.approvedAmount === null ? null : dotRoubles(application.approvedAmount),
    ),
    application.approvedAmount === null ? null : element('loanCurrency', RUB),
  ]);
}

function dealBlocks(event: CreditEvent, deal: DealBlock): XmlElement[] {
  return [
    element('FL_17_DealUid', [
      element('uid', event.dealUid),
      element('num', deal.number),
      element('openDate', deal.openedOn),
    ]),
    element('FL_18_Deal', [
      element('role', '1'),
      element('code', '1'),
      element('kindCode', '3'),
      element('endDate', deal.dueDate),
    ]),
    element('FL_19_Amount', [
      element('sum', dotRoubles(deal.amount)),
      element('currency', RUB),
      element('calcDate', deal.openedOn),
    ]),
    element('FL_21_PaymentTerms', [
      element('mainPaySum', dotRoubles(deal.amount)),
      element('mainPayDate', deal.dueDate),
      element('percentPaySum', dotRoubles(deal.interestDue)),
      element('percentPayDate', deal.dueDate),
      element('freqCode', '1'),
    ]),
    element('FL_22_TotalCost', [
      element('minPercentCost', deal.pskPercent),
      element('minCost', dotRoubles(deal.pskAmount)),
      element('calcDate', deal.openedOn),
      element('maxPercentCost', deal.pskPercent),
      element('maxCost', dotRoubles(deal.pskAmount)),
    ]),
  ];
}

function minus(a: Kopecks, b: Kopecks): Kopecks {
  return kopecks(a > b ? a - b : 0n);
}

function debtBlocks(debt: DebtBlock): XmlElement[] {
  const { overdue, payment } = debt;
  return [
    element('FL_25_26_27_28_Group', [
      element('calcDate', debt.calcDate),
      element('FL_25_Debt', [
        element('debtSum', dotRoubles(debt.debt.total)),
        element('debtMainSum', dotRoubles(debt.debt.principal)),
        element('debtPercentSum', dotRoubles(debt.debt.interest)),
        element('debtOtherSum', dotRoubles(debt.debt.other)),
        element('currency', RUB),
      ]),
      element('FL_26_DebtDue', [
        element('debtDueSum', dotRoubles(minus(debt.debt.total, overdue?.total ?? kopecks(0n)))),
        element(
          'debtDueMainSum',
          dotRoubles(minus(debt.debt.principal, overdue?.principal ?? kopecks(0n))),
        ),
      ]),
      overdue
        ? element('FL_27_DebtOverdue', [
            element('debtOverdueSum', dotRoubles(overdue.total)),
            element('debtOverdueMainSum', dotRoubles(overdue.principal)),
            element('debtOverduePercentSum', dotRoubles(overdue.interest)),
            element('debtOverdueOtherSum', dotRoubles(overdue.other)),
            element('debtOverdueStartDate', overdue.since),
            element('missDuration', String(overdue.days)),
          ])
        : null,
      payment
        ? element('FL_28_Payment', [
            element('paymentSum', dotRoubles(payment.total)),
            element('paymentMainSum', dotRoubles(payment.principal)),
            element('paymentPercentSum', dotRoubles(payment.interest)),
            element('paymentOtherSum', dotRoubles(payment.other)),
            element('totalSum', dotRoubles(payment.paidTotal)),
            element('date', payment.date),
            element('sizeCode', '1'),
            element('scheduleCode', payment.onTime ? ON_TIME : LATE),
          ])
        : null,
    ]),
    element('FL_29_MonthlyPayment', [
      element('sum', dotRoubles(debt.monthlyPayment)),
      element('calcDate', debt.calcDate),
    ]),
  ];
}

function eventElement(event: CreditEvent, orderNum: number): XmlElement {
  const blocks = [
    ...(event.deal ? dealBlocks(event, event.deal) : []),
    event.change
      ? element('FL_23_ContractChanges', [
          element('changeDate', event.change.date),
          element('code', '1'),
          element('startDate', event.change.date),
          element('endDate', event.change.newDueDate),
        ])
      : null,
    event.code === '2.2' && event.deal
      ? element('FL_24_Fund', [
          element('date', event.date),
          element('startSum', dotRoubles(event.deal.amount)),
          element('currency', RUB),
        ])
      : null,
    ...(event.debt ? debtBlocks(event.debt) : []),
    event.end
      ? element('FL_38_ContractEnd', [
          element('date', event.end.date),
          element('code', event.end.code),
        ])
      : null,
    applicationBlock(event),
    event.application?.reject
      ? element('FL_57_Reject', [
          element('rejectDate', event.application.reject.date),
          element('rejectCode', event.application.reject.code),
        ])
      : null,
  ];
  return element(eventElementName(event.code), blocks, [
    ['eventComment', event.id],
    ['eventDate', event.date],
    ['operationCode', 'A'],
    ['orderNum', String(orderNum)],
  ]);
}

/** Events grouped by subject (passport), each subject once, events in the given order. */
function subjects(events: readonly CreditEvent[]): XmlElement[] {
  const bySubject = new Map<string, { person: BureauPerson; events: XmlElement[] }>();
  events.forEach((event, index) => {
    const key = `${event.person.passport.series}${event.person.passport.number}`;
    const subject = bySubject.get(key) ?? { person: event.person, events: [] };
    subject.events.push(eventElement(event, index + 1));
    bySubject.set(key, subject);
  });
  return [...bySubject.values()].map((subject) =>
    element('Subject_FL', [titleElement(subject.person), element('Events', subject.events)]),
  );
}

export function gutdfDocumentXml(document: GutdfDocument): string {
  const { source } = document;
  const data = subjects(document.events);
  const root = element(
    'Document',
    [
      element('Source', [
        element('FL_46_UL_36_OrgSource', [
          element('sourceCode', '1'),
          element('fullName', source.fullName),
          element('regNum', source.ogrn),
          element('taxNumGroupFL46UL36OrgSource', [
            element('taxCode', '1'),
            element('taxNum', source.inn),
          ]),
        ]),
      ]),
      element('Data', data),
    ],
    [
      ['schemaVersion', GUTDF_SCHEMA_VERSION],
      ['inn', source.inn],
      ['ogrn', source.ogrn],
      ['sourceID', source.memberCode],
      ['regNumberDoc', document.number],
      ['dateDoc', document.date],
      ['subjectsCount', String(data.length)],
      ['groupBlocksCount', String(document.events.length)],
    ],
  );
  return renderXml(root, 'UTF-8');
}

// ── Reading (the sandbox bureau) ────────────────────────────────────────────────────────────────

export interface ReadEvent {
  readonly id: string | null;
  readonly orderNum: string | null;
  readonly code: CreditEventCode | null;
  readonly date: string | null;
  readonly dealUid: string | null;
  /** The block elements the event carries: FL_17_DealUid, FL_55_Application, … */
  readonly blocks: readonly string[];
  readonly passport: string;
  readonly surname: string | null;
  /** FL_19_Amount/sum, FL_25_Debt/debtSum, FL_28_Payment/paymentSum when present. */
  readonly amount: string | null;
  readonly debt: string | null;
  readonly payment: string | null;
}

export interface ReadDocument {
  readonly number: string | null;
  readonly inn: string | null;
  readonly events: readonly ReadEvent[];
}

function codeOf(name: string): CreditEventCode | null {
  const match = /^FL_Event_(\d+)_(\d+)$/.exec(name);
  const code = match ? `${match[1]}.${match[2]}` : null;
  return CREDIT_EVENT_CODES.find((known) => known === code) ?? null;
}

function readEvents(subject: XmlNode): ReadEvent[] {
  const title = child(subject, 'Title');
  const name = child(child(title, 'FL_1_4_Group'), 'FL_1_Name');
  const doc = child(child(title, 'FL_1_4_Group'), 'FL_4_Doc');
  const passport = `${childText(doc, 'docSeries') ?? ''}${childText(doc, 'docNum') ?? ''}`;
  const events = child(subject, 'Events') ?? {};
  return Object.keys(events).flatMap((elementName) =>
    children(events, elementName).map((event) => {
      const blocks = Object.keys(event).filter((key) => !key.startsWith('@') && key !== '#text');
      const group = child(event, 'FL_25_26_27_28_Group');
      return {
        id: attribute(event, 'eventComment'),
        orderNum: attribute(event, 'orderNum'),
        code: codeOf(elementName),
        date: attribute(event, 'eventDate'),
        dealUid:
          childText(child(event, 'FL_17_DealUid'), 'uid') ??
          childText(child(event, 'FL_55_Application'), 'uid'),
        blocks,
        passport,
        surname: childText(name, 'lastName'),
        amount: childText(child(event, 'FL_19_Amount'), 'sum'),
        debt: childText(child(group, 'FL_25_Debt'), 'debtSum'),
        payment: childText(child(group, 'FL_28_Payment'), 'paymentSum'),
      };
    }),
  );
}

export function readGutdfDocument(xml: string): ReadDocument {
  const document = child(parseXml(xml), 'Document');
  return {
    number: attribute(document, 'regNumberDoc'),
    inn: attribute(document, 'inn'),
    events: children(child(document, 'Data'), 'Subject_FL').flatMap(readEvents),
  };
}
