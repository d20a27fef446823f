import { createHash } from 'node:crypto';
import { kopecks, moscowDate, type Kopecks } from '@zaymo/contract';
import type { BureauPerson, ReportQuery } from '../types';
import { commaRoubles, parseRoubles } from './amounts';
import { child, childText, element, leaf, parseXml, renderXml, type XmlNode } from './xml';

/*
 * NBKI's B2B credit-report request (ICRS, POST …/products/B2BRequestServlet), as a live МФО's
 * client writes it: `product/prequest/req` in windows-1251 with the subject (PersonReq, IdReq),
 * the inquiry and the borrower's consent (InquiryReq/ConsentReq, Указание 5791-У), the member's
 * credentials (RequestorReq) and the product (RefReq: CHSP — the report with average monthly
 * payments). Dates are YYYY-MM-DD, sums roubles with a comma.
 */

/** NBKI's «Паспорт гражданина РФ» in справочник 1.3 (idType). */
export const PASSPORT_ID_TYPE = '21';

export interface NbkiMember {
  readonly memberCode: string;
  readonly userId: string;
  readonly password: string;
}

/** The lender as the consent names it (reportUser, its ОГРН and ИНН). */
export interface NbkiLender {
  readonly name: string;
  readonly ogrn: string;
  readonly inn: string;
}

export interface RequestSettings {
  readonly member: NbkiMember;
  readonly lender: NbkiLender;
  /** RefReq/product: CHSP, CHIP, … */
  readonly product: string;
  /** inqPurpose and consentPurpose (справочник 5.3). */
  readonly purpose: string;
}

function personElement(person: BureauPerson) {
  return element('PersonReq', [
    element('name1', person.surname),
    element('first', person.name),
    leaf('paternal', person.patronymic),
    element('birthDt', person.birthDate),
    element('placeOfBirth', person.birthPlace),
  ]);
}

function passportElement(person: BureauPerson) {
  const { passport } = person;
  return element('IdReq', [
    element('idNum', passport.number),
    element('idType', PASSPORT_ID_TYPE),
    element('seriesNumber', passport.series),
    element('issueDate', passport.issueDate),
    element('issueAuthority', passport.issuedBy),
    element('divCode', passport.divisionCode),
    element('OKSM', '643'),
  ]);
}

/** A fingerprint of the consent (its edition, when and by whom it was given) for consentHash. */
export function consentHash(query: ReportQuery): string {
  const { person, consent } = query;
  const passport = `${person.passport.series}${person.passport.number}`;
  return createHash('sha256')
    .update(`${consent.version}|${consent.acceptedAt.toISOString()}|${passport}`)
    .digest('hex');
}

function consentElement(query: ReportQuery, settings: RequestSettings) {
  const { lender } = settings;
  return element('ConsentReq', [
    element('consentDate', moscowDate(query.consent.acceptedAt)),
    element('consentPurpose', settings.purpose),
    element('reportUser', lender.name),
    element('liability', '1'),
    element('consentPeriod', '1'),
    element('reportUserRegNum', lender.ogrn),
    element('reportUserTaxID', lender.inn),
    element('consentHash', consentHash(query)),
    personElement(query.person),
    passportElement(query.person),
  ]);
}

export function productRequestXml(query: ReportQuery, settings: RequestSettings): string {
  const { member } = settings;
  const request = element('req', [
    passportElement(query.person),
    element('InquiryReq', [
      consentElement(query, settings),
      element('inqPurpose', settings.purpose),
      element('inqAmount', commaRoubles(query.amount)),
      element('currencyCode', 'RUB'),
    ]),
    personElement(query.person),
    element('RequestorReq', [
      element('MemberCode', member.memberCode),
      element('UserID', member.userId),
      element('Password', member.password),
    ]),
    element('RefReq', [element('product', settings.product)]),
    element('IOType', 'B2B'),
    element('OutputFormat', 'XML'),
    element('lang', 'ru'),
    element('version', '20', [['mappedFormat', '6']]),
  ]);
  return renderXml(element('product', [element('prequest', [request])]), 'windows-1251');
}

/** The request as kept with our records: the member's password blanked out. */
export function withoutPassword(xml: string): string {
  return xml.replace(/<Password>[^<]*<\/Password>/g, '<Password>***</Password>');
}

/** What the sandbox bureau reads of a request. */
export interface ReadRequest {
  readonly member: { readonly memberCode: string | null; readonly userId: string | null };
  readonly password: string | null;
  readonly surname: string | null;
  readonly name: string | null;
  readonly birthDate: string | null;
  readonly birthPlace: string | null;
  readonly passportNumber: string | null;
  readonly amount: Kopecks | null;
  readonly product: string | null;
  readonly hasConsent: boolean;
}

export function readProductRequest(xml: string): ReadRequest {
  const root = child(parseXml(xml), 'product');
  const request: XmlNode | undefined = child(child(root, 'prequest'), 'req');
  const person = child(request, 'PersonReq');
  const requestor = child(request, 'RequestorReq');
  const inquiry = child(request, 'InquiryReq');
  const passport = child(request, 'IdReq');
  const amount = parseRoubles(childText(inquiry, 'inqAmount'));
  return {
    member: {
      memberCode: childText(requestor, 'MemberCode'),
      userId: childText(requestor, 'UserID'),
    },
    password: childText(requestor, 'Password'),
    surname: childText(person, 'name1'),
    name: childText(person, 'first'),
    birthDate: childText(person, 'birthDt'),
    birthPlace: childText(person, 'placeOfBirth'),
    passportNumber: passport
      ? `${childText(passport, 'seriesNumber') ?? ''}${childText(passport, 'idNum') ?? ''}`
      : null,
    amount: amount === null ? null : kopecks(amount),
    product: childText(child(request, 'RefReq'), 'product'),
    hasConsent: child(inquiry, 'ConsentReq') !== undefined,
  };
}
