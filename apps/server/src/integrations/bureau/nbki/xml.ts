import { XMLParser, XMLValidator } from 'fast-xml-parser';

/*
 * The XML of NBKI's formats: a small element builder for what we write, and a reader that turns
 * any document into nested records where every child is a list (so one and many read alike).
 */

export interface XmlElement {
  readonly name: string;
  readonly attributes?: ReadonlyArray<readonly [string, string]>;
  readonly children?: readonly XmlElement[];
  readonly text?: string;
}

/** An element with text, or with children; `null`/`undefined` children are left out. */
export function element(
  name: string,
  content?: string | ReadonlyArray<XmlElement | null | undefined>,
  attributes?: ReadonlyArray<readonly [string, string]>,
): XmlElement {
  if (typeof content === 'string') return { name, text: content, attributes };
  const children = (content ?? []).filter((child): child is XmlElement => Boolean(child));
  return { name, children, attributes };
}

/** A leaf only when there is a value: optional fields are omitted, not written empty. */
export function leaf(name: string, value: string | null | undefined): XmlElement | null {
  return value === null || value === undefined ? null : element(name, value);
}

function escape(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

function render(node: XmlElement, indent: string): string {
  const attributes = (node.attributes ?? [])
    .map(([name, value]) => ` ${name}="${escape(value)}"`)
    .join('');
  const open = `${indent}<${node.name}${attributes}`;
  if (node.text !== undefined) return `${open}>${escape(node.text)}</${node.name}>`;
  const children = node.children ?? [];
  if (children.length === 0) return `${open}/>`;
  const inner = children.map((child) => render(child, `${indent}  `)).join('\n');
  return `${open}>\n${inner}\n${indent}</${node.name}>`;
}

export function renderXml(root: XmlElement, encoding: 'windows-1251' | 'UTF-8'): string {
  return `<?xml version="1.0" encoding="${encoding}"?>\n${render(root, '')}\n`;
}

/** A parsed element: attributes as «@name», text as «#text», every child element as a list. */
export type XmlNode = { readonly [key: string]: unknown };

export class MalformedXmlError extends Error {
  override name = 'MalformedXmlError';
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (_name, _path, _isLeaf, isAttribute) => !isAttribute,
});

export function parseXml(text: string): XmlNode {
  if (XMLValidator.validate(text) !== true) throw new MalformedXmlError('not well-formed XML');
  return parser.parse(text) as XmlNode;
}

function asNode(value: unknown): XmlNode {
  if (typeof value === 'string') return { '#text': value };
  return typeof value === 'object' && value !== null ? (value as XmlNode) : {};
}

/** Every child element named `name`. */
export function children(node: XmlNode | undefined, name: string): XmlNode[] {
  const value = node?.[name];
  return Array.isArray(value) ? value.map(asNode) : [];
}

export function child(node: XmlNode | undefined, name: string): XmlNode | undefined {
  return children(node, name)[0];
}

/** The last child named `name`: of repeated blocks, the latest the bureau sent. */
export function lastChild(node: XmlNode | undefined, name: string): XmlNode | undefined {
  return children(node, name).at(-1);
}

export function textOf(node: XmlNode | undefined): string | null {
  const value = node?.['#text'];
  return typeof value === 'string' && value !== '' ? value : null;
}

/** The text of the first child named `name`, or null when absent or empty. */
export function childText(node: XmlNode | undefined, name: string): string | null {
  return textOf(child(node, name));
}

export function attribute(node: XmlNode | undefined, name: string): string | null {
  const value = node?.[`@${name}`];
  return typeof value === 'string' ? value : null;
}
