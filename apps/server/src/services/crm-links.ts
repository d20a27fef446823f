import { normalizeRussianPhone } from '@zaymo/contract';
import { defaultPublicUrl } from '../config';
import type { AppContext } from '../context';
import { findClientByPhone } from './accounts/clients';
import { issueSession, type OpenedBy } from './sessions';

/**
 * CRM (admin) mode: a short-lived operator session for one client, opened by the link
 * `<PUBLIC_URL>/?from_crm=true&token=…`. The web app stores the token and removes it from the
 * address bar; every request made with it is logged with the operator's name, and it cannot sign
 * documents or move money.
 */
export interface OperatorLinkRequest {
  phone: string;
  operatorName: string;
  /** Where the cabinet is opened: the address the console was reached at; PUBLIC_URL by default. */
  baseUrl?: string;
  /** The console's staff member and session; absent for the CLI and the sandbox. */
  openedBy?: OpenedBy;
}

export interface OperatorLink {
  url: string;
  clientId: number;
  phone: string;
  operatorName: string;
  expiresAt: Date;
}

export class CrmLinkError extends Error {
  override name = 'CrmLinkError';
}

const OPERATOR_NAME = /^[\p{L}\p{N} .,'’()«»"-]{2,100}$/u;

export async function issueOperatorLink(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config'>,
  request: OperatorLinkRequest,
): Promise<OperatorLink> {
  const phone = normalizeRussianPhone(request.phone);
  if (!phone) {
    throw new CrmLinkError('Укажите российский мобильный номер клиента: --phone +79991234567');
  }
  const client = await findClientByPhone(ctx, phone);
  if (!client) throw new CrmLinkError(`Клиент с номером ${phone} не найден`);
  return issueOperatorLinkFor(ctx, client, request);
}

/** The same for a client already found (the console's card has it by id). */
export async function issueOperatorLinkFor(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config'>,
  client: { id: number; phone: string },
  request: Omit<OperatorLinkRequest, 'phone'>,
): Promise<OperatorLink> {
  const operatorName = request.operatorName.trim().replace(/\s+/g, ' ');
  if (!OPERATOR_NAME.test(operatorName)) {
    throw new CrmLinkError(
      'Укажите имя оператора: от 2 до 100 букв, цифр и пробелов, например --operator "Петрова А."',
    );
  }
  const session = await issueSession(ctx, client.id, {
    operatorName,
    ...(request.openedBy ? { openedBy: request.openedBy } : {}),
  });
  const baseUrl = request.baseUrl ?? defaultPublicUrl(ctx.config);
  const url = `${baseUrl}/?from_crm=true&token=${session.token}`;
  return {
    url,
    clientId: client.id,
    phone: client.phone,
    operatorName,
    expiresAt: session.expiresAt,
  };
}
