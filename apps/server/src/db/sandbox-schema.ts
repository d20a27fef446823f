import { bigint, boolean, index, integer, pgSchema, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The sandbox's own state, in a PostgreSQL schema of its own: the sandbox payment gateway's
 * orders, tokens and operations, the sandbox credit bureau's record of what it received, and the
 * shared sandbox clock. The schema and its tables come from a migrations folder of their own
 * (drizzle-sandbox/), applied only when SANDBOX is on: a production database has none of it.
 * A real gateway and a real bureau keep this state themselves.
 */
export const sandbox = pgSchema('sandbox');

// ── The sandbox gateway (Best2Pay's protocol) ──────────────────────────────────────────────────

/** Gateway orders; ids look like the gateway's (numbers), apart from ours. */
export const sandboxB2pOrders = sandbox.table('b2p_orders', {
  id: bigint('id', { mode: 'number' })
    .primaryKey()
    .generatedAlwaysAsIdentity({ startWith: 500_001 }),
  sector: text('sector').notNull(),
  amount: bigint('amount', { mode: 'bigint' }).notNull(),
  currency: text('currency').notNull(),
  reference: text('reference'),
  description: text('description').notNull(),
  url: text('url'),
  failurl: text('failurl'),
  notifyUrl: text('notify_url'),
  email: text('email'),
  phone: text('phone'),
  /** REGISTERED, AUTHORIZED, COMPLETED, REVERSED, REJECTED, EXPIRED */
  state: text('state').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  /** Register's life_period: no payment may start on the order after this moment. */
  expiresAt: timestamp('expires_at', { withTimezone: true }),
});

/** Card tokens the sandbox issued: the masked number and a random token, never the number. */
export const sandboxB2pTokens = sandbox.table('b2p_tokens', {
  token: text('token').primaryKey(),
  sector: text('sector').notNull(),
  panMasked: text('pan_masked').notNull(),
  expiry: text('expiry').notNull(),
  holder: text('holder'),
  /** The test card's rule for later charges by this token (e.g. «no funds on charges»). */
  behaviour: text('behaviour').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

export const sandboxB2pOperations = sandbox.table(
  'b2p_operations',
  {
    id: bigint('id', { mode: 'number' })
      .primaryKey()
      .generatedAlwaysAsIdentity({ startWith: 900_001 }),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => sandboxB2pOrders.id),
    /** PURCHASE, AUTHORIZE, COMPLETE, REVERSE, P2PCREDIT */
    type: text('type').notNull(),
    /** APPROVED, REJECTED, or WAITING_3DS while the 3-D Secure page is open. */
    state: text('state').notNull(),
    reasonCode: integer('reason_code'),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    panMasked: text('pan_masked'),
    expiry: text('expiry'),
    holder: text('holder'),
    token: text('token').references(() => sandboxB2pTokens.token),
    /** Whether the card page asked for a token (get_token=1): webapi/Operation then gives it. */
    tokenRequested: boolean('token_requested').notNull().default(false),
    /** A card waiting for 3-D Secure: what charges by its token will do once approved. */
    chargeBehaviour: text('charge_behaviour'),
    /** The 3-D Secure page's one-time id while WAITING_3DS. */
    challenge: text('challenge'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (table) => [index('b2p_operations_order_id_idx').on(table.orderId)],
);

// ── The sandbox credit bureau (НБКИ's protocol) ───────────────────────────────────────────────

/** The events the sandbox bureau accepted: one row per event id, repeats counted. */
export const sandboxBureauEvents = sandbox.table(
  'bureau_events',
  {
    eventId: text('event_id').primaryKey(),
    code: text('code').notNull(),
    dealUid: text('deal_uid').notNull(),
    documentNumber: text('document_number').notNull(),
    passport: text('passport').notNull(),
    surname: text('surname'),
    /** The figure the event carried: the sum, the debt or the payment (as the document wrote it). */
    figure: text('figure'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    timesReceived: integer('times_received').notNull().default(1),
  },
  (table) => [
    index('bureau_events_received_idx').on(table.receivedAt),
    index('bureau_events_deal_idx').on(table.dealUid),
  ],
);

// ── The sandbox clock ──────────────────────────────────────────────────────────────────────────

/** The sandbox clock's offset, shared by every instance (one row, id 1). */
export const sandboxClock = sandbox.table('clock', {
  id: integer('id').primaryKey(),
  offsetMs: bigint('offset_ms', { mode: 'number' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

// ── The sandbox Госуслуги (ЕСИА) and biometrics (ЕБС) ─────────────────────────────────────────

/** The sandbox ЕСИА's and ЕБС's one-time codes; the real services keep theirs. */
export const sandboxEsiaCodes = sandbox.table('esia_codes', {
  codeHash: text('code_hash').primaryKey(),
  kind: text('kind').$type<'esia' | 'ebs'>().notNull(),
  oid: text('oid').notNull(),
  clientId: text('client_id').notNull(),
  redirectUri: text('redirect_uri').notNull(),
  scope: text('scope').notNull(),
  codeChallenge: text('code_challenge'),
  nonce: text('nonce'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});
