import { accounts } from './accounts';
import { cards } from './cards';
import { common } from './common';
import { consents } from './consents';
import { devtools } from './devtools';
import { documents } from './documents';
import { identity } from './identity';
import { layout } from './layout';
import { loans } from './loans';
import { periods } from './periods';
import { popups } from './popups';
import { routes } from './routes';
import { servicing } from './servicing';
import { suggest } from './suggest';
import { tickets } from './tickets';

/** All Russian namespaces. A new namespace is a file here plus one line below. */
export const ru = {
  accounts,
  cards,
  common,
  consents,
  devtools,
  documents,
  identity,
  layout,
  loans,
  periods,
  popups,
  routes,
  servicing,
  suggest,
  tickets,
};
