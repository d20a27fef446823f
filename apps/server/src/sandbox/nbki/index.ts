export { nbkiSandbox, SANDBOX_NBKI_PREFIX } from './plugin';
export { devBureauRoutes } from './dev-routes';
export { SANDBOX_BUREAU_RULES } from './rules';
