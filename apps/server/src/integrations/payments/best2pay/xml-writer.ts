import { best2paySignature, notificationValues } from './signature';

/*
 * Writes documents the way the gateway does, for the sandbox gateway and for tests: flat
 * `<operation>`/`<order>` with a trailing `<signature>` over the tag values in order, and
 * `<error>`. What this writes, `xml.ts` reads and `verifyNotification` accepts.
 */

export type XmlFields = ReadonlyArray<readonly [string, string]>;

function escapeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function element(name: string, value: string): string {
  return `<${name}>${escapeXml(value)}</${name}>`;
}

export function renderXml(root: string, fields: XmlFields): string {
  const body = elements(fields);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<${root}>${body}</${root}>`;
}

/**
 * The fields followed by `<signature>` = base64(md5hex(values in order + password)). An order
 * may carry its operations nested (`<operations><operation>…`, as webapi/Order answers); the
 * signature then covers every leaf in document order.
 */
export function renderSignedXml(
  root: 'operation' | 'order',
  fields: XmlFields,
  password: string,
  nested: { operations?: readonly XmlFields[] } = {},
): string {
  const operations = nested.operations ?? [];
  const leaves = [...fields, ...operations.flat()];
  const signature = best2paySignature(notificationValues(leaves), password);
  if (operations.length === 0) return renderXml(root, [...fields, ['signature', signature]]);
  const inner = operations.map((operation) => `<operation>${elements(operation)}</operation>`);
  const body = `${elements(fields)}<operations>${inner.join('')}</operations>`;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<${root}>${body}${element('signature', signature)}</${root}>`;
}

function elements(fields: XmlFields): string {
  return fields.map(([name, value]) => element(name, value)).join('');
}

export function renderErrorXml(code: number, description: string): string {
  return renderXml('error', [
    ['description', description],
    ['code', String(code)],
  ]);
}
