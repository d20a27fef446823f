import {
  kopecks,
  toMoneyString,
  type CrmClientCard,
  type CrmPassportResponse,
} from '@zaymo/contract';
import { and, asc, desc, eq, inArray, or } from 'drizzle-orm';
import type { AppContext } from '../../context';
import {
  cards,
  clientConsents,
  clientFiles,
  clientIdentities,
  clients,
  sentMessages,
  ticketMessages,
  tickets,
  type ClientRow,
} from '../../db/schema';
import { AppError } from '../../errors';
import { clientDocuments } from '../client-documents';
import { clientBureau } from '../credit-history/console';
import { maskPassport } from './masking';
import { esiaProfileOf } from '../esia/profile';
import { findIdentity } from '../identity/store';

/*
 * The console's client card: everything about a client, read-only, through the
 * same tables and services as the cabinet — the credit bureau's requests and the credit history
 * reported included. Orders and loans are apart (./loans.ts).
 */

type CardContext = Pick<AppContext, 'db'>;

/** The newest messages the card shows. */
const MESSAGES_SHOWN = 100;

export async function findClient(ctx: CardContext, clientId: number): Promise<ClientRow> {
  const [row] = await ctx.db.select().from(clients).where(eq(clients.id, clientId));
  if (!row) throw new AppError('CLIENT_NOT_FOUND');
  return row;
}

/** Where the console opens a client's photo and documents (with the staff token). */
export function crmFileUrl(clientId: number, fileId: number): string {
  return `/api/crm/clients/${clientId}/files/${fileId}`;
}

export function crmDocumentUrl(clientId: number, link: string): string {
  return `/api/crm/clients/${clientId}/${link}`;
}

const iso = (value: Date | null): string | null => value?.toISOString() ?? null;

async function identityOf(ctx: CardContext, client: ClientRow): Promise<CrmClientCard['identity']> {
  const [row] = await ctx.db
    .select()
    .from(clientIdentities)
    .where(eq(clientIdentities.clientId, client.id));
  const personal = row?.personal ?? null;
  const passport = row?.passport ?? null;
  const addresses = row?.addresses ?? null;
  return {
    step: client.step,
    personal: personal && {
      surname: personal.surname,
      name: personal.name,
      patronymic: personal.patronymic,
      birth_date: personal.birth_date,
      birth_place: personal.birth_place,
      gender: personal.gender,
    },
    passport: passport && {
      series_number_masked: maskPassport(passport.series_number),
      issue_date: passport.issue_date,
      division_code: passport.division_code,
      issued_by: passport.issued_by,
    },
    addresses: addresses && {
      registration: addresses.registration.value,
      residence: addresses.residence?.value ?? addresses.registration.value,
    },
    work: row?.work ? { ...row.work } : null,
    monthly_income:
      row?.monthlyIncomeKopecks == null ? null : toMoneyString(kopecks(row.monthlyIncomeKopecks)),
    updated_at: iso(row?.updatedAt ?? null),
  };
}

async function ticketsOf(ctx: CardContext, clientId: number): Promise<CrmClientCard['tickets']> {
  const rows = await ctx.db
    .select({ ticket: tickets, last: ticketMessages })
    .from(tickets)
    .leftJoin(ticketMessages, eq(ticketMessages.id, tickets.lastMessageId))
    .where(eq(tickets.clientId, clientId))
    .orderBy(desc(tickets.lastActivityAt));
  return rows.map(({ ticket, last }) => ({
    id: ticket.id,
    subject: ticket.subject,
    category: ticket.category,
    status: ticket.status,
    created_at: ticket.createdAt.toISOString(),
    last_activity_at: ticket.lastActivityAt.toISOString(),
    last_message: last && {
      author: last.author,
      text: last.text,
      created_at: last.createdAt.toISOString(),
    },
  }));
}

/** The SMS and e-mail sent to the client's phone and address, from the (redacted) message log. */
async function messagesOf(ctx: CardContext, client: ClientRow): Promise<CrmClientCard['messages']> {
  const recipients = [client.phone, ...(client.email ? [client.email] : [])];
  const rows = await ctx.db
    .select()
    .from(sentMessages)
    .where(
      or(
        and(eq(sentMessages.channel, 'sms'), eq(sentMessages.recipient, client.phone)),
        and(eq(sentMessages.channel, 'email'), inArray(sentMessages.recipient, recipients)),
      ),
    )
    .orderBy(desc(sentMessages.id))
    .limit(MESSAGES_SHOWN);
  return rows.map((row) => ({
    channel: row.channel,
    recipient: row.recipient,
    subject: row.subject,
    text: row.text,
    sent_at: row.sentAt.toISOString(),
  }));
}

const SOURCE_OF = { none: 'client', confirmed: 'esia', mismatch: 'mismatch' } as const;

async function identificationOf(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config'>,
  client: ClientRow,
): Promise<CrmClientCard['identification']> {
  const esia = await esiaProfileOf(ctx, client, await findIdentity(ctx.db, client.id));
  return {
    level: esia.identification_level,
    esia_linked: esia.linked,
    sources: {
      personal: SOURCE_OF[esia.steps.personal.state],
      passport: SOURCE_OF[esia.steps.passport.state],
      addresses: SOURCE_OF[esia.steps.addresses.state],
    },
  };
}

export async function clientCard(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config'>,
  clientId: number,
): Promise<CrmClientCard> {
  const client = await findClient(ctx, clientId);
  const photos = await ctx.db
    .select()
    .from(clientFiles)
    .where(eq(clientFiles.clientId, clientId))
    .orderBy(asc(clientFiles.id));
  const consents = await ctx.db
    .select()
    .from(clientConsents)
    .where(eq(clientConsents.clientId, clientId))
    .orderBy(asc(clientConsents.id));
  const cardRows = await ctx.db
    .select()
    .from(cards)
    .where(eq(cards.clientId, clientId))
    .orderBy(asc(cards.id));
  const documents = await clientDocuments(ctx, clientId);
  return {
    id: client.id,
    phone: client.phone,
    phone_confirmed: client.phoneConfirmed,
    email: client.email,
    email_confirmed_at: iso(client.emailConfirmedAt),
    created_at: client.createdAt.toISOString(),
    identity: await identityOf(ctx, client),
    identification: await identificationOf(ctx, client),
    photos: photos.map((photo) => ({
      id: photo.id,
      kind: photo.kind,
      created_at: photo.createdAt.toISOString(),
      url: crmFileUrl(clientId, photo.id),
    })),
    consents: consents.map((consent) => ({
      code: consent.code,
      action: consent.action,
      document: consent.document,
      version: consent.version,
      accepted_at: consent.acceptedAt.toISOString(),
      ip: consent.ip,
    })),
    cards: cardRows.map((card) => ({
      id: card.id,
      pan_masked: card.panMasked,
      expiry: card.expiry,
      payment_system: card.paymentSystem,
      is_active: card.isActive,
      is_autopay: card.isAutopay,
      created_at: card.createdAt.toISOString(),
      deleted_at: iso(card.deletedAt),
    })),
    documents: documents.map((document) => ({
      ...document,
      url: crmDocumentUrl(clientId, document.link),
    })),
    messages: await messagesOf(ctx, client),
    tickets: await ticketsOf(ctx, clientId),
    ...(await clientBureau(ctx, clientId)),
  };
}

/** The passport as the client entered it, unmasked (the route audits «показ паспорта»). */
export async function clientPassport(
  ctx: CardContext,
  clientId: number,
): Promise<CrmPassportResponse['data']> {
  await findClient(ctx, clientId);
  const [row] = await ctx.db
    .select({ passport: clientIdentities.passport })
    .from(clientIdentities)
    .where(eq(clientIdentities.clientId, clientId));
  const passport = row?.passport;
  if (!passport) throw new AppError('CLIENT_PASSPORT_MISSING');
  return {
    series_number: passport.series_number,
    issue_date: passport.issue_date,
    division_code: passport.division_code,
    issued_by: passport.issued_by,
  };
}
