import { renderErrorXml } from '../../integrations/payments';

/*
 * `<error>` answers of the sandbox gateway. The numbering is the sandbox's own (the real codes
 * are in the manual of the contracted sector); our client treats any `<error>` the same way.
 */
export const SANDBOX_ERRORS = {
  badRequest: { code: 101, description: 'Неверные параметры запроса' },
  unknownSector: { code: 102, description: 'Сектор не найден' },
  badSignature: { code: 103, description: 'Неверная цифровая подпись' },
  orderNotFound: { code: 104, description: 'Заказ не найден' },
  operationNotFound: { code: 105, description: 'Операция не найдена' },
  wrongOrderState: { code: 106, description: 'Операция недопустима в текущем состоянии заказа' },
  tokenNotFound: { code: 107, description: 'Токен карты не найден' },
  badAmount: { code: 108, description: 'Неверная сумма' },
  badCard: { code: 109, description: 'Неверный номер карты' },
  orderExpired: { code: 110, description: 'Время жизни заказа истекло' },
  sbpBankUnknown: { code: 150, description: 'Банк не является участником СБП' },
  sbpRecipientNotFound: { code: 151, description: 'Получатель не найден в банке СБП' },
  sbpPrecheckInvalid: { code: 152, description: 'Проверка получателя СБП не найдена' },
} as const;

export type SandboxErrorName = keyof typeof SANDBOX_ERRORS;

/** Thrown inside a sandbox handler; the plugin answers it as `<error>`. */
export class SandboxGatewayError extends Error {
  override name = 'SandboxGatewayError';
  constructor(readonly kind: SandboxErrorName) {
    super(SANDBOX_ERRORS[kind].description);
  }

  toXml(): string {
    const { code, description } = SANDBOX_ERRORS[this.kind];
    return renderErrorXml(code, description);
  }
}
