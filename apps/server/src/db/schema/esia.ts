import type { Address, IdentificationLevel, PassportStep, PersonalStep } from '@zaymo/contract';
import { bigint, boolean, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { clients } from './clients';

/** What the flow at Госуслуги is for. */
export type EsiaPurpose = 'signin' | 'signup' | 'link' | 'biometrics';

/**
 * A trip to Госуслуги under way, from «Войти через Госуслуги» to the return: its state, the
 * PKCE verifier and nonce, and the browser it was started in (the hash of a cookie). Used once.
 * A sign-up keeps the imported person here, sealed, until the phone's SMS code creates the
 * client (ticket), and no longer than the ticket lives. No token of ЕСИА is ever stored.
 */
export const esiaLogins = pgTable(
  'esia_logins',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    state: text('state').notNull().unique(),
    purpose: text('purpose').$type<EsiaPurpose>().notNull(),
    /** The signed-in client who links Госуслуги or proves it is them; null for a guest. */
    clientId: bigint('client_id', { mode: 'number' }).references(() => clients.id, {
      onDelete: 'cascade',
    }),
    browserHash: text('browser_hash').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    ticketHash: text('ticket_hash').unique(),
    sealedImport: text('sealed_import'),
    ticketExpiresAt: timestamp('ticket_expires_at', { withTimezone: true }),
  },
  (table) => [index('esia_logins_expires_idx').on(table.expiresAt)],
);
export type EsiaLoginRow = typeof esiaLogins.$inferSelect;

/** What ЕСИА confirmed about the person, in the questionnaire's shapes. */
export interface EsiaPersonData {
  trusted: boolean;
  personal: PersonalStep | null;
  passport: PassportStep | null;
  registration: Address | null;
  residence: Address | null;
  snils: string | null;
  inn: string | null;
  mobile: string | null;
  email: string | null;
}

/**
 * A client's Госуслуги: the citizen's ЕСИА identifier (oid, one client each) and the data the
 * last import brought. The questionnaire's steps that equal these data are «подтверждено
 * Госуслугами» and locked while the link lasts.
 */
export const clientEsiaLinks = pgTable('client_esia_links', {
  clientId: bigint('client_id', { mode: 'number' })
    .primaryKey()
    .references(() => clients.id, { onDelete: 'cascade' }),
  oid: text('oid').notNull().unique(),
  trusted: boolean('trusted').notNull(),
  person: jsonb('person').$type<EsiaPersonData>().notNull(),
  linkedAt: timestamp('linked_at', { withTimezone: true }).notNull(),
  importedAt: timestamp('imported_at', { withTimezone: true }).notNull(),
});
export type ClientEsiaLinkRow = typeof clientEsiaLinks.$inferSelect;

/** ЕБС's answer to a «prove it's you» step: match, no match, or not enrolled. */
export type BiometricOutcome = 'match' | 'no_match' | 'not_enrolled';

/** Every biometric check a client went through, with the provider's outcome. Append-only. */
export const biometricChecks = pgTable(
  'biometric_checks',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    clientId: bigint('client_id', { mode: 'number' })
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    outcome: text('outcome').$type<BiometricOutcome>().notNull(),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('biometric_checks_client_idx').on(table.clientId, table.id)],
);

export type { IdentificationLevel };
