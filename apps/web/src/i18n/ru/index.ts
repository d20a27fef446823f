import { common } from './common';
import { devtools } from './devtools';
import { layout } from './layout';
import { periods } from './periods';
import { popups } from './popups';
import { routes } from './routes';

/** All Russian namespaces. A new namespace is a file here plus one line below. */
export const ru = { common, devtools, layout, periods, popups, routes };
