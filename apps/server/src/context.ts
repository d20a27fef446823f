import type { Clock } from './clock';
import type { AppConfig } from './config';
import type { Database, DatabaseKind } from './db';

/** What services depend on. Routes receive it as a plugin option; tests build their own. */
export interface AppContext {
  config: AppConfig;
  db: Database;
  dbKind: DatabaseKind;
  clock: Clock;
}
