import { InvalidSignatureError, MalformedGatewayAnswerError } from '../errors';
import { best2paySignature, notificationValues, signaturesMatch } from './signature';
import { leafFields, operationFromNode, parseXmlDocument, type Best2PayOperation } from './xml';

/**
 * A notification the gateway posts about an operation: the `<operation>` document, signed over
 * the values of its tags in document order (whatever set of tags it carries) + password.
 * Returns the operation only when the signature matches; the caller still has to make the
 * processing idempotent (the gateway repeats notifications).
 */
export function verifyNotification(xmlBody: string, password: string): Best2PayOperation {
  const root = parseXmlDocument(xmlBody);
  if (root.name !== 'operation') {
    throw new MalformedGatewayAnswerError(`notification root <${root.name}>`);
  }
  const fields = leafFields(root);
  const received = fields.find(([name]) => name === 'signature')?.[1];
  if (!received) throw new InvalidSignatureError('notification without signature');
  const expected = best2paySignature(notificationValues(fields), password);
  if (!signaturesMatch(expected, received)) {
    throw new InvalidSignatureError('notification signature mismatch');
  }
  return operationFromNode(root);
}
