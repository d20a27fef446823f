export {
  handleNotification,
  NotificationMismatchError,
  type NotificationResult,
} from './notifications';
export { paymentStatus } from './payment-status';
export { paymentMethods, type MethodDirection } from './payment-methods';
export { createPaymentsGateway, gatewayFetch } from './gateway';
export { callGateway, requireGateway } from './gateway-errors';
