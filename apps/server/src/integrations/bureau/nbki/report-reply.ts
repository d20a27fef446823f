import { compareDates, daysBetween, kopecks, type Kopecks } from '@zaymo/contract';
import type { CreditReport, Obligation } from '../types';
import { commaPercent, commaRoubles, parsePercent, parseRoubles } from './amounts';
import {
  child,
  childText,
  children,
  element,
  lastChild,
  leaf,
  parseXml,
  renderXml,
  type XmlElement,
  type XmlNode,
} from './xml';

/*
 * NBKI's answer to the B2B request: `product/preply/report` (element names of NBKI's
 * ProductsSchema, RUTDF generation) or `product/preply/err/ctErr/{Code,Text}`. What we read:
 * - PersonReply: the bureau holds a history of the person (a report without it: no record);
 * - ProhibitionReply / ProhibitionLiftingReply: the self-ban of 218-FZ art. 5.1 and its lifting
 *   (element names as open-nbki's models of NBKI's 2025 format; see docs/decisions.md);
 * - AccountReplyRUTDF per obligation: uuid, trade/openedDt, overallVal/creditTotalAmt (ПСК),
 *   arrear/amtOutstanding, pastdueArrear (overdue), payment/daysPastDue,
 *   monthAverPaymt/averPaymtAmt (whole roubles), loanIndicator/loanIndicatorDt (ended);
 * - QBCHAverPaymtReply: the qualified bureau's average monthly payment of an obligation, which
 *   wins over the source's own figure (353-FZ art. 5.1, Указание 6579-У).
 */

export type ProductReply =
  | { readonly kind: 'report'; readonly report: CreditReport }
  | { readonly kind: 'error'; readonly code: string; readonly text: string };

function sum(node: XmlNode | undefined, name: string): Kopecks {
  return parseRoubles(childText(node, name)) ?? kopecks(0n);
}

/** Whole roubles («8000») or roubles with kopecks («8000,50») → kopecks. */
function averagePayment(text: string | null): Kopecks | null {
  return parseRoubles(text);
}

function daysPastDue(account: XmlNode, today: string): number {
  const stated = Number.parseInt(childText(lastChild(account, 'payment'), 'daysPastDue') ?? '', 10);
  if (Number.isFinite(stated)) return stated;
  const since = childText(lastChild(account, 'pastdueArrear'), 'pastDueDt');
  return since ? Math.max(0, daysBetween(since, today)) : 0;
}

function obligationOf(account: XmlNode, qualified: ReadonlyMap<string, Kopecks>, today: string) {
  const uid = childText(account, 'uuid');
  const overdue = sum(lastChild(account, 'pastdueArrear'), 'amtPastDue');
  const ended = childText(account, 'loanIndicator') !== null;
  const obligation: Obligation = {
    uid,
    openedOn: childText(lastChild(account, 'trade'), 'openedDt'),
    closedOn: ended ? (childText(account, 'loanIndicatorDt') ?? today) : null,
    pskPercent: parsePercent(childText(lastChild(account, 'overallVal'), 'creditTotalAmt')),
    monthlyPayment:
      (uid ? qualified.get(uid) : undefined) ??
      averagePayment(childText(lastChild(account, 'monthAverPaymt'), 'averPaymtAmt')),
    outstanding: sum(lastChild(account, 'arrear'), 'amtOutstanding'),
    overdue,
    daysPastDue: overdue > 0n ? daysPastDue(account, today) : 0,
  };
  return obligation;
}

function qualifiedPayments(report: XmlNode): Map<string, Kopecks> {
  const byUid = new Map<string, Kopecks>();
  for (const reply of children(report, 'QBCHAverPaymtReply')) {
    const uid = childText(reply, 'averUuid');
    const amount = parseRoubles(childText(reply, 'averAmount'));
    if (uid && amount !== null) byUid.set(uid, amount);
  }
  return byUid;
}

/** The latest self-ban, unless a lifting at or after it has taken effect by `today`. */
function selfBanOf(report: XmlNode, today: string): CreditReport['selfBan'] {
  const latest = (nodes: XmlNode[], field: string) =>
    nodes
      .map((node) => childText(node, field))
      .filter((date): date is string => date !== null)
      .sort()
      .at(-1) ?? null;
  const bans = children(report, 'ProhibitionReply');
  if (bans.length === 0) return null;
  const since = latest(bans, 'prohibitionDate');
  const lifted = latest(children(report, 'ProhibitionLiftingReply'), 'liftingDate');
  const liftedSince = lifted !== null && (since === null || compareDates(lifted, since) >= 0);
  if (liftedSince && compareDates(lifted, today) <= 0) return null;
  return { since };
}

export function readProductReply(xml: string, today: string): ProductReply {
  const reply = child(child(parseXml(xml), 'product'), 'preply');
  const error = child(child(reply, 'err'), 'ctErr');
  if (error) {
    return {
      kind: 'error',
      code: childText(error, 'Code') ?? '',
      text: childText(error, 'Text') ?? '',
    };
  }
  const report = child(reply, 'report');
  if (!report) throw new Error('NBKI answer has neither report nor err');
  const qualified = qualifiedPayments(report);
  return {
    kind: 'report',
    report: {
      found: child(report, 'PersonReply') !== undefined,
      selfBan: selfBanOf(report, today),
      obligations: children(report, 'AccountReplyRUTDF').map((account) =>
        obligationOf(account, qualified, today),
      ),
    },
  };
}

// ── Writing (the sandbox bureau) ────────────────────────────────────────────────────────────────

/** One obligation as the sandbox bureau reports it, with what the report needs besides. */
export interface ReplyAccount extends Obligation {
  readonly amount: Kopecks;
  readonly dueDate: string;
  readonly overdueSince: string | null;
}

export interface ReplyContent {
  readonly today: string;
  readonly person: { readonly surname: string; readonly name: string; readonly birthDate: string };
  readonly selfBan: { readonly since: string } | null;
  readonly accounts: readonly ReplyAccount[];
}

function accountElement(account: ReplyAccount, today: string): XmlElement {
  const overdue = account.overdue > 0n && account.overdueSince !== null;
  return element('AccountReplyRUTDF', [
    leaf('uuid', account.uid),
    element('trade', [
      leaf('openedDt', account.openedOn),
      element('loanKindCode', '1'),
      element('isConsumerLoan', '1'),
      element('closeDt', account.dueDate),
    ]),
    element('accountAmt', [
      element('creditLimit', commaRoubles(account.amount)),
      element('currencyCode', 'RUB'),
    ]),
    account.pskPercent === null
      ? null
      : element('overallVal', [
          element('creditTotalAmt', commaPercent(account.pskPercent)),
          leaf('creditTotalAmtDate', account.openedOn),
        ]),
    element('arrear', [
      element('amtOutstanding', commaRoubles(account.outstanding)),
      element('calcDate', today),
    ]),
    overdue
      ? element('pastdueArrear', [
          leaf('pastDueDt', account.overdueSince),
          element('amtPastDue', commaRoubles(account.overdue)),
          element('calcDate', today),
        ])
      : null,
    overdue ? element('payment', [element('daysPastDue', String(account.daysPastDue))]) : null,
    account.monthlyPayment === null
      ? null
      : element('monthAverPaymt', [
          element('averPaymtAmt', String(account.monthlyPayment / 100n)),
          element('calcDate', today),
        ]),
    account.closedOn === null ? null : element('loanIndicator', '1'),
    leaf('loanIndicatorDt', account.closedOn),
    element('businessCategory', 'MFO'),
  ]);
}

/** A report; `content` null: the bureau holds no history of the person. */
export function productReplyXml(content: ReplyContent | null): string {
  const report = content
    ? element('report', [
        element('SubjectReply', [element('lastUpdatedDt', content.today)]),
        element('PersonReply', [
          element('name1', content.person.surname),
          element('first', content.person.name),
          element('birthDt', content.person.birthDate),
        ]),
        content.selfBan
          ? element('ProhibitionReply', [
              element('prohibitionDate', content.selfBan.since),
              element('condition', '1'),
            ])
          : null,
        ...content.accounts.map((account) => accountElement(account, content.today)),
        element('calc', [element('totalAccts', String(content.accounts.length))]),
      ])
    : element('report', [element('calc', [element('totalAccts', '0')])]);
  return renderXml(element('product', [element('preply', [report])]), 'windows-1251');
}

export function productErrorXml(code: string, text: string): string {
  const error = element('err', [element('ctErr', [element('Code', code), element('Text', text)])]);
  return renderXml(element('product', [element('preply', [error])]), 'windows-1251');
}
