export * from './gateway';
export * from './errors';
export { Best2PayGateway, operationStatus, toMoneyMove } from './best2pay/best2pay-gateway';
export type { Best2PayGatewayOptions } from './best2pay/best2pay-gateway';
export {
  Best2PayClient,
  BEST2PAY_RUB,
  BEST2PAY_TIMEOUT_MS,
  assertApproved,
  type Best2PayClientOptions,
  type OrderAmountInput,
  type P2PCreditInput,
  type PayoutDestination,
  type RegisterInput,
} from './best2pay/client';
export { verifyNotification } from './best2pay/notification';
export {
  SIGNED_FIELDS,
  best2paySignature,
  isRequestSignatureValid,
  signRequest,
  signaturesMatch,
  type Best2PayCall,
  type RequestParams,
} from './best2pay/signature';
export {
  parseAnswer,
  type Best2PayAnswer,
  type Best2PayErrorAnswer,
  type Best2PayOperation,
  type Best2PayOrder,
} from './best2pay/xml';
export { renderErrorXml, renderSignedXml, renderXml, type XmlFields } from './best2pay/xml-writer';
export {
  DECLINED_MESSAGE,
  REASON_CODES,
  reasonMessage,
  reasonMessages,
  type ReasonCodeName,
} from './best2pay/reason-messages';
