import { accounts } from './accounts';
import { cards } from './cards';
import { common } from './common';
import { devtools } from './devtools';
import { identity } from './identity';
import { layout } from './layout';
import { loans } from './loans';
import { periods } from './periods';
import { popups } from './popups';
import { routes } from './routes';
import { suggest } from './suggest';

/** All Russian namespaces. A new namespace is a file here plus one line below. */
export const ru = {
  accounts,
  cards,
  common,
  devtools,
  identity,
  layout,
  loans,
  periods,
  popups,
  routes,
  suggest,
};
