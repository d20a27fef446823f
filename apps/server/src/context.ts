import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from './clock';
import type { AppConfig } from './config';
import type { Database, DatabaseKind } from './db';
import type { Messaging } from './integrations/messaging';

/** What services depend on. Routes receive it as a plugin option; tests build their own. */
export interface AppContext {
  config: AppConfig;
  db: Database;
  /** A standby for the reads that may lag (db/replica.ts); absent: they read `db`. */
  replica?: Database | undefined;
  dbKind: DatabaseKind;
  clock: Clock;
  /** SMS and e-mail: real providers or the sandbox outbox, as configured. */
  messaging: Messaging;
}

/** What services record about the caller (consents, codes, attempts) and where they log. */
export interface RequestMeta {
  ip: string;
  userAgent: string | null;
  log: FastifyBaseLogger;
}
