import {
  ticketReplyResponseSchema,
  ticketResponseSchema,
  type TicketDetail,
  type TicketReplyResponse,
} from '@zaymo/contract';
import { expect } from 'vitest';
import type { TestApp } from '../helpers/test-app';
import { multipartBody, type FormPart } from './files-upload';

/** Ticket forms for app.inject(): text fields and files, every byte under the test's control. */

export type Headers = Record<string, string>;

/** A small complete PDF: the header, one object, the trailer and the end marker. */
export const SMALL_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);

export function file(name: string, data: Buffer, contentType = 'application/octet-stream') {
  return { name: 'attachments', filename: name, contentType, data } satisfies FormPart;
}

export function ticketFields(
  overrides: Partial<Record<'category' | 'subject' | 'text', string>> = {},
): FormPart[] {
  const values = {
    category: 'loan',
    subject: 'Когда придут деньги?',
    text: 'Заявку одобрили час назад, а денег на карте нет.',
    ...overrides,
  };
  return Object.entries(values).map(([name, value]) => ({ name, value }));
}

export function postForm(testApp: TestApp, url: string, headers: Headers, parts: FormPart[]) {
  const body = multipartBody(parts);
  return testApp.app.inject({
    method: 'POST',
    url,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

export function createTicketRequest(testApp: TestApp, headers: Headers, parts: FormPart[]) {
  return postForm(testApp, '/api/tickets/auth_create', headers, parts);
}

export async function createdTicket(
  testApp: TestApp,
  headers: Headers,
  parts: FormPart[] = ticketFields(),
): Promise<TicketDetail> {
  const response = await createTicketRequest(testApp, headers, parts);
  expect(response.statusCode, response.body).toBe(200);
  return ticketResponseSchema.parse(response.json()).data.ticket;
}

export async function sentReply(
  testApp: TestApp,
  headers: Headers,
  ticketId: number,
  parts: FormPart[],
): Promise<TicketReplyResponse['data']> {
  const response = await postForm(testApp, `/api/tickets/${ticketId}/messages`, headers, parts);
  expect(response.statusCode, response.body).toBe(200);
  return ticketReplyResponseSchema.parse(response.json()).data;
}

export function operatorReply(
  testApp: TestApp,
  ticketId: number | string,
  body: { text: string; operator: string; close?: boolean },
) {
  return testApp.app.inject({
    method: 'POST',
    url: `/api/dev/tickets/${ticketId}/reply`,
    payload: body,
  });
}

export { refusal } from '../helpers/refusal';
