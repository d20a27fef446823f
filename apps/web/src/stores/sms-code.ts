import { z } from 'zod';
import { smsPurposeSchema, type SmsPurpose } from '@zaymo/contract';
import { closePopup, openPopup, usePopupsStore } from './popups';

/** The popup that asks for the code (spec §2 «SMS code»). */
export const SMS_CODE_POPUP = 'smsCode';

/** The order whose contract a signing code signs, or its prolongation agreement of these days. */
export const signSubjectSchema = z.object({
  orderId: z.number().int(),
  prolongation: z.number().int().optional(),
});
export type SignSubject = z.infer<typeof signSubjectSchema>;

export type SmsCodeRequest = {
  /** What the code is for; it decides which call sends it (guest or signed-in). */
  purpose: SmsPurpose;
  /** Where the code goes: the new phone for phone_change; the client's own phone otherwise. */
  phone?: string;
  /** For purpose sign: what the code signs (the server binds the code to it). */
  subject?: SignSubject;
  /** The popup heading; «Код из СМС» by default. */
  title?: string;
  /**
   * Checks the code before the popup closes (e.g. signs the contract with it). A rejection keeps
   * the popup open and shows its message under the code field; the promise resolves only after
   * a code that passed.
   */
  verify?: (code: string) => Promise<void>;
};

/** The popup was closed (or replaced by a newer request) before a code was accepted. */
export class SmsCodeCancelledError extends Error {
  override readonly name = 'SmsCodeCancelledError';

  constructor() {
    super('Ввод кода из СМС отменён');
  }
}

/** What the popup receives in its data: everything but the verify callback. */
export const smsCodePopupDataSchema = z.object({
  requestId: z.string(),
  purpose: smsPurposeSchema,
  phone: z.string().optional(),
  subject: signSubjectSchema.optional(),
  title: z.string().optional(),
});
export type SmsCodePopupData = z.infer<typeof smsCodePopupDataSchema>;

type PendingRequest = {
  id: string;
  resolve: (code: string) => void;
  reject: (error: Error) => void;
  verify: ((code: string) => Promise<void>) | undefined;
};

let pending: PendingRequest | null = null;
let requestCount = 0;
let stopWatching: (() => void) | null = null;

/**
 * Asks the client for an SMS code in the smsCode popup, which sends the code when it opens:
 * `const code = await requestSmsCode({ purpose: 'sign', title: 'Подписание договора' })`.
 * Resolves with the code once entered (and accepted by `verify`, when given); rejects with
 * SmsCodeCancelledError when the popup is closed first. One request at a time: a new one
 * cancels the previous.
 */
export function requestSmsCode(request: SmsCodeRequest): Promise<string> {
  settlePending(new SmsCodeCancelledError());
  watchPopupClose();
  requestCount += 1;
  const id = `sms-${Date.now()}-${requestCount}`;
  const data: SmsCodePopupData = { requestId: id, purpose: request.purpose };
  if (request.phone !== undefined) data.phone = request.phone;
  if (request.subject !== undefined) data.subject = request.subject;
  if (request.title !== undefined) data.title = request.title;
  return new Promise<string>((resolve, reject) => {
    pending = { id, resolve, reject, verify: request.verify };
    openPopup(SMS_CODE_POPUP, data);
  });
}

/** True while the request with this id still waits for its code. */
export function isSmsCodeRequestPending(requestId: string): boolean {
  return pending?.id === requestId;
}

/**
 * Called by the popup with the entered code: runs the requester's check, then resolves the
 * request and closes the popup. Throws what the check threw (the popup shows it).
 */
export async function submitSmsCode(requestId: string, code: string): Promise<void> {
  const request = pending?.id === requestId ? pending : null;
  if (!request) throw new SmsCodeCancelledError();
  await request.verify?.(code);
  if (pending !== request) throw new SmsCodeCancelledError();
  pending = null;
  request.resolve(code);
  closePopup(SMS_CODE_POPUP);
}

function settlePending(error: Error): void {
  const request = pending;
  pending = null;
  request?.reject(error);
}

/** Closing the popup in any way (button, Escape, sign-out) cancels the waiting request. */
function watchPopupClose(): void {
  stopWatching ??= usePopupsStore.subscribe(({ popups }) => {
    if (!pending) return;
    const requestId = popups[SMS_CODE_POPUP]?.data.requestId;
    if (requestId !== pending.id) settlePending(new SmsCodeCancelledError());
  });
}
