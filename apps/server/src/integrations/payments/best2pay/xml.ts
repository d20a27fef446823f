import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { z } from 'zod';
import { kopecks, maskPan, type Kopecks } from '@zaymo/contract';
import { MalformedGatewayAnswerError } from '../errors';

/*
 * Best2Pay answers and notifications are XML: `<order>` (Register, Order), `<operation>`
 * (Purchase/PurchaseByToken/Reverse/Complete/P2PCredit/Operation answers and notifications) and
 * `<error><description/><code/></error>`. Amounts are integer kopecks. Values are read exactly as
 * sent (no trimming, no number guessing) because the signature is computed over them.
 */

export interface XmlNode {
  readonly name: string;
  /** The element's own text; meaningful for leaves only. */
  readonly text: string;
  readonly children: readonly XmlNode[];
}

export interface Best2PayOperation {
  readonly id: string;
  readonly orderId: string;
  readonly orderState: string | null;
  readonly reference: string | null;
  /** PURCHASE, AUTHORIZE, COMPLETE, REVERSE, P2PCREDIT, … */
  readonly type: string;
  /** APPROVED, REJECTED, … */
  readonly state: string;
  readonly reasonCode: number | null;
  readonly message: string | null;
  readonly amount: Kopecks;
  readonly currency: string;
  readonly fee: Kopecks | null;
  /** Always masked here, whatever the gateway sent. */
  readonly panMasked: string | null;
  readonly token: string | null;
  readonly holder: string | null;
  /** «MM/YY» when the gateway told the card's expiry. */
  readonly expiry: string | null;
  /** The gateway's own format, «2026.05.17 14:03:12». */
  readonly date: string | null;
  readonly approvalCode: string | null;
}

export interface Best2PayOrder {
  readonly id: string;
  /** REGISTERED, AUTHORIZED, COMPLETED, CANCELED, … */
  readonly state: string | null;
  readonly amount: Kopecks | null;
  readonly currency: string | null;
  readonly reference: string | null;
  readonly description: string | null;
  readonly operations: readonly Best2PayOperation[];
}

export interface Best2PayErrorAnswer {
  readonly code: number;
  readonly description: string;
}

export type Best2PayAnswer =
  | { readonly kind: 'order'; readonly order: Best2PayOrder }
  | { readonly kind: 'operation'; readonly operation: Best2PayOperation }
  | { readonly kind: 'error'; readonly error: Best2PayErrorAnswer }
  | { readonly kind: 'banks'; readonly banks: readonly Best2PaySbpBank[] }
  | { readonly kind: 'precheck'; readonly precheck: Best2PaySbpPrecheck }
  | { readonly kind: 'qrLink'; readonly qrLink: Best2PaySbpQrLink };

/** A participant of the СБП as GetSBPBankList lists it. */
export interface Best2PaySbpBank {
  readonly id: string;
  readonly name: string;
}

/** SBPCreditPrecheck: the check's id for SBPCredit and the account holder's masked name (pam). */
export interface Best2PaySbpPrecheck {
  readonly orderId: string;
  readonly precheckId: string;
  readonly recipientName: string;
}

/** PurchaseSBPQRLink: the NSPK link to show as a QR code or to open in a bank's app. */
export interface Best2PaySbpQrLink {
  readonly sbpOperationId: string;
  readonly link: string;
}

/** An answer is a few hundred bytes; an order with its operations a few kilobytes. */
export const MAX_XML_LENGTH = 256 * 1024;
/**
 * An order holds operations that hold fields: three levels. A document nested far deeper is no
 * gateway's and would only overflow the stack of the parser and of the walks below.
 */
export const MAX_XML_DEPTH = 16;

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
});

// ── Document → tree ────────────────────────────────────────────────────────────────────────────

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function ownText(entries: unknown): string {
  if (!Array.isArray(entries)) return '';
  return entries
    .map((entry: unknown) =>
      isRecord(entry) && typeof entry['#text'] === 'string' ? entry['#text'] : '',
    )
    .join('');
}

function toNodes(entries: unknown): XmlNode[] {
  if (!Array.isArray(entries)) return [];
  return entries.flatMap((entry: unknown) => {
    if (!isRecord(entry)) return [];
    return Object.entries(entry)
      .filter(([name]) => name !== '#text' && name !== ':@')
      .map(([name, value]) => ({ name, text: ownText(value), children: toNodes(value) }));
  });
}

function assertPlainXml(xml: string): void {
  if (xml.length > MAX_XML_LENGTH) throw new MalformedGatewayAnswerError('answer too long');
  // Entity declarations are never part of an answer; refusing them rules out entity expansion.
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw new MalformedGatewayAnswerError('DOCTYPE in answer');
  if (elementsNestDeeperThan(xml, MAX_XML_DEPTH)) {
    throw new MalformedGatewayAnswerError('nested too deep');
  }
  if (XMLValidator.validate(xml) !== true) throw new MalformedGatewayAnswerError('not XML');
}

/**
 * True when more than `max` elements open inside one another: a loop over the tags, before any
 * parser (a count that errs only toward refusing: a «<» in a comment counts as a tag).
 */
export function elementsNestDeeperThan(xml: string, max: number): boolean {
  let depth = 0;
  for (let open = xml.indexOf('<'); open !== -1; open = xml.indexOf('<', open + 1)) {
    const next = xml[open + 1];
    if (next === '/') depth -= 1;
    else if (next !== '?' && next !== '!') {
      const close = xml.indexOf('>', open);
      if (close !== -1 && xml[close - 1] === '/') continue;
      depth += 1;
      if (depth > max) return true;
    }
  }
  return false;
}

/** Parses a gateway document into its single root element. */
export function parseXmlDocument(xml: string): XmlNode {
  assertPlainXml(xml);
  const roots = toNodes(parser.parse(xml) as unknown);
  const [root] = roots;
  if (roots.length !== 1 || !root) throw new MalformedGatewayAnswerError('not one root element');
  return root;
}

/** The leaf elements in document order, nested ones included: what a signature covers. */
export function leafFields(node: XmlNode): Array<readonly [string, string]> {
  return node.children.flatMap((child) =>
    child.children.length === 0 ? [[child.name, child.text] as const] : leafFields(child),
  );
}

/** The direct leaf children as a record; empty elements count as absent. */
function directFields(node: XmlNode): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const child of node.children) {
    if (child.children.length === 0 && child.text !== '') fields[child.name] = child.text;
  }
  return fields;
}

// ── Field rules ────────────────────────────────────────────────────────────────────────────────

const gatewayId = z.string().regex(/^\d{1,20}$/);
const money = z
  .string()
  .regex(/^\d{1,18}$/)
  .transform((value) => kopecks(BigInt(value)));
const integer = z
  .string()
  .regex(/^-?\d{1,9}$/)
  .transform(Number);
const text = z.string().optional();

const operationFieldsSchema = z.object({
  id: gatewayId,
  order_id: gatewayId,
  order_state: text,
  reference: text,
  type: z.string().min(1),
  state: z.string().min(1),
  reason_code: integer.optional(),
  message: text,
  amount: money,
  currency: z.string().regex(/^\d{3}$/),
  fee: money.optional(),
  pan: text,
  pan2: text,
  token: text,
  name: text,
  expdate: text,
  date: text,
  approval_code: text,
});

const orderFieldsSchema = z.object({
  id: gatewayId,
  state: text,
  amount: money.optional(),
  currency: text,
  reference: text,
  description: text,
});

const errorFieldsSchema = z.object({ code: integer, description: z.string().default('') });

function parseFields<S extends z.ZodType>(schema: S, node: XmlNode): z.output<S> {
  const parsed = schema.safeParse(directFields(node));
  if (parsed.success) return parsed.data;
  // Paths only: the values may hold card data.
  const paths = parsed.error.issues.map((issue) => issue.path.join('.')).join(', ');
  throw new MalformedGatewayAnswerError(`<${node.name}> fields: ${paths}`);
}

/** «12/2027», «1227», «12/27» → «12/27»; anything else → null. */
export function normalizeExpiry(raw: string | undefined): string | null {
  const match = /^(0[1-9]|1[0-2])\/?(?:\d{2})?(\d{2})$/.exec(raw?.trim() ?? '');
  return match ? `${match[1]}/${match[2]}` : null;
}

function maskedOrNull(pan: string | undefined): string | null {
  return pan ? maskPan(pan) : null;
}

// ── Tree → typed objects ───────────────────────────────────────────────────────────────────────

export function operationFromNode(node: XmlNode): Best2PayOperation {
  const fields = parseFields(operationFieldsSchema, node);
  return {
    id: fields.id,
    orderId: fields.order_id,
    orderState: fields.order_state ?? null,
    reference: fields.reference ?? null,
    type: fields.type,
    state: fields.state,
    reasonCode: fields.reason_code ?? null,
    message: fields.message ?? null,
    amount: fields.amount,
    currency: fields.currency,
    fee: fields.fee ?? null,
    panMasked: maskedOrNull(fields.pan ?? fields.pan2),
    token: fields.token ?? null,
    holder: fields.name ?? null,
    expiry: normalizeExpiry(fields.expdate),
    date: fields.date ?? null,
    approvalCode: fields.approval_code ?? null,
  };
}

function operationNodesOf(order: XmlNode): XmlNode[] {
  return order.children.flatMap((child) => {
    if (child.name === 'operation') return [child];
    if (child.name === 'operations') return child.children.filter((n) => n.name === 'operation');
    return [];
  });
}

export function orderFromNode(node: XmlNode): Best2PayOrder {
  const fields = parseFields(orderFieldsSchema, node);
  return {
    id: fields.id,
    state: fields.state ?? null,
    amount: fields.amount ?? null,
    currency: fields.currency ?? null,
    reference: fields.reference ?? null,
    description: fields.description ?? null,
    operations: operationNodesOf(node).map(operationFromNode),
  };
}

export function errorFromNode(node: XmlNode): Best2PayErrorAnswer {
  return parseFields(errorFieldsSchema, node);
}

const sbpBankFieldsSchema = z.object({ id: z.string().regex(/^\d{12}$/), name: z.string().min(1) });
const precheckFieldsSchema = z.object({
  order_id: gatewayId,
  precheck_id: z.string().min(1).max(64),
  pam: z.string().min(1).max(200),
});
const qrLinkFieldsSchema = z.object({
  sbpOperationId: z.string().min(1).max(64),
  nspkLink: z.url(),
});

function banksFromNode(node: XmlNode): Best2PaySbpBank[] {
  return node.children
    .filter((child) => child.name === 'bank')
    .map((child) => parseFields(sbpBankFieldsSchema, child));
}

function precheckFromNode(node: XmlNode): Best2PaySbpPrecheck {
  const fields = parseFields(precheckFieldsSchema, node);
  return { orderId: fields.order_id, precheckId: fields.precheck_id, recipientName: fields.pam };
}

/** `<response><data><sbpOperationId/><nspkLink/></data></response>`, as integrations read it. */
function qrLinkFromNode(node: XmlNode): Best2PaySbpQrLink | null {
  const data = node.children.find((child) => child.name === 'data');
  if (!data) return null;
  const fields = parseFields(qrLinkFieldsSchema, data);
  return { sbpOperationId: fields.sbpOperationId, link: fields.nspkLink };
}

/** Any gateway answer; a document of another kind is a `MalformedGatewayAnswerError`. */
export function parseAnswer(xml: string): Best2PayAnswer {
  const root = parseXmlDocument(xml);
  switch (root.name) {
    case 'order':
      return { kind: 'order', order: orderFromNode(root) };
    case 'operation':
      return { kind: 'operation', operation: operationFromNode(root) };
    case 'error':
      return { kind: 'error', error: errorFromNode(root) };
    case 'banks':
      return { kind: 'banks', banks: banksFromNode(root) };
    case 'precheck':
      return { kind: 'precheck', precheck: precheckFromNode(root) };
    default:
      {
        const qrLink = qrLinkFromNode(root);
        if (qrLink) return { kind: 'qrLink', qrLink };
      }
      throw new MalformedGatewayAnswerError(`unexpected root <${root.name}>`);
  }
}
