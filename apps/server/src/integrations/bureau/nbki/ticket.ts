import type { Receipt, ReceiptError } from '../types';
import { attribute, child, children, element, parseXml, renderXml, textOf } from './xml';

/*
 * The bureau's receipt of a reported document. 758-П (ch. 1 and 5) fixes what it says — the
 * source's ИНН and ОГРН, our outgoing and the bureau's incoming number and date, and whether the
 * document was accepted, accepted in part or not accepted, with an error per rejected event —
 * but NBKI's own ticket file (`*_ticket2.xml`) is not public. This is our smallest encoding of
 * exactly those facts (docs/decisions.md); the sandbox writes it, the adapter reads it.
 */

export interface TicketContent {
  readonly documentNumber: string;
  readonly incomingNumber: string;
  readonly date: string;
  readonly inn: string;
  readonly ogrn: string;
  readonly accepted: readonly string[];
  readonly errors: readonly ReceiptError[];
}

function resultOf(content: Pick<TicketContent, 'accepted' | 'errors'>): Receipt['status'] {
  if (content.errors.length === 0) return 'accepted';
  return content.accepted.length === 0 ? 'rejected' : 'partial';
}

export function ticketXml(content: TicketContent): string {
  const root = element(
    'Ticket',
    [
      ...content.accepted.map((id) => element('Accepted', [], [['eventComment', id]])),
      ...content.errors.map((error) =>
        element('Error', error.text, [
          ['eventComment', error.eventId],
          ['errorNum', error.code],
        ]),
      ),
    ],
    [
      ['regNumberDoc', content.documentNumber],
      ['incomingRegNumber', content.incomingNumber],
      ['incomingDate', content.date],
      ['inn', content.inn],
      ['ogrn', content.ogrn],
      ['result', resultOf(content)],
    ],
  );
  return renderXml(root, 'UTF-8');
}

export function readTicket(xml: string): Receipt & { documentNumber: string | null } {
  const ticket = child(parseXml(xml), 'Ticket');
  if (!ticket) throw new Error('the answer is not a ticket');
  const accepted = children(ticket, 'Accepted').map(
    (node) => attribute(node, 'eventComment') ?? '',
  );
  const errors = children(ticket, 'Error').map((node) => ({
    eventId: attribute(node, 'eventComment') ?? '',
    code: attribute(node, 'errorNum') ?? '',
    text: textOf(node) ?? '',
  }));
  return {
    status: resultOf({ accepted, errors }),
    incomingNumber: attribute(ticket, 'incomingRegNumber'),
    documentNumber: attribute(ticket, 'regNumberDoc'),
    errors,
  };
}
