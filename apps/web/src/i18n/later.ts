import { cards } from './ru/cards';
import { consents } from './ru/consents';
import { devtools } from './ru/devtools';
import { documents } from './ru/documents';
import { identity } from './ru/identity';
import { loans } from './ru/loans';
import { servicing } from './ru/servicing';
import { suggest } from './ru/suggest';
import { tickets } from './ru/tickets';
import type { LaterNamespace } from './resources';

/** The namespaces not bundled with the first page: one chunk, loaded with the first lazy screen. */
export const later = {
  cards,
  consents,
  devtools,
  documents,
  identity,
  loans,
  servicing,
  suggest,
  tickets,
} satisfies Record<LaterNamespace, object>;
