import { renderSignedXml, type XmlFields } from '../../integrations/payments';
import { BEST2PAY_RUB } from '../../integrations/payments';
import type { SandboxOperation, SandboxOrder } from './store';

/*
 * The documents the sandbox answers and posts, in the shape Best2Pay uses: flat `<order>` and
 * `<operation>` with a trailing `<signature>`; webapi/Order nests the operations. Card numbers
 * appear only masked; the token only where it was asked for (webapi/Operation, get_token=1).
 */

/** «2026.05.17 14:03:12», the gateway's own format (Moscow time). */
export function gatewayDate(at: Date): string {
  const moscow = new Date(at.getTime() + 3 * 60 * 60 * 1000);
  const iso = moscow.toISOString();
  return `${iso.slice(0, 10).replace(/-/g, '.')} ${iso.slice(11, 19)}`;
}

function present(fields: ReadonlyArray<readonly [string, string | null | undefined]>): XmlFields {
  return fields.filter((field): field is readonly [string, string] => Boolean(field[1]));
}

export function orderFields(order: SandboxOrder): XmlFields {
  return present([
    ['id', String(order.id)],
    ['state', order.state],
    ['inprogress', '0'],
    ['date', gatewayDate(order.createdAt)],
    ['amount', order.amount.toString()],
    ['currency', order.currency],
    ['email', order.email],
    ['phone', order.phone],
    ['reference', order.reference],
    ['description', order.description],
    ['url', order.url],
  ]);
}

export function operationFields(
  order: SandboxOrder,
  operation: SandboxOperation,
  options: { withToken: boolean },
): XmlFields {
  const approved = operation.state === 'APPROVED';
  return present([
    ['order_id', String(order.id)],
    ['order_state', order.state],
    ['reference', order.reference],
    ['id', String(operation.id)],
    ['date', gatewayDate(operation.createdAt)],
    ['type', operation.type],
    ['state', operation.state],
    ['reason_code', operation.reasonCode === null ? null : String(operation.reasonCode)],
    ['message', approved ? 'Successful financial transaction' : operation.state],
    ['name', operation.holder],
    ['pan', operation.panMasked],
    ['expdate', operation.expiry],
    ['token', options.withToken && approved ? operation.token : null],
    ['amount', operation.amount.toString()],
    ['currency', operation.currency || BEST2PAY_RUB],
    ['approval_code', approved ? String(operation.id).slice(-6) : null],
  ]);
}

export function operationXml(
  order: SandboxOrder,
  operation: SandboxOperation,
  password: string,
  options: { withToken: boolean } = { withToken: false },
): string {
  return renderSignedXml('operation', operationFields(order, operation, options), password);
}

export function orderXml(order: SandboxOrder, password: string): string {
  return renderSignedXml('order', orderFields(order), password);
}

/** webapi/Order: the order with `<operations>` nested, signed over every leaf in order. */
export function orderWithOperationsXml(
  order: SandboxOrder,
  operations: readonly SandboxOperation[],
  password: string,
): string {
  const nested = operations.map((operation) =>
    operationFields(order, operation, { withToken: false }),
  );
  return renderSignedXml('order', orderFields(order), password, { operations: nested });
}
