// `use-sync-external-store/shim` (react-i18next) is CommonJS that requires React itself; preact/compat
// has the hook, so the shim becomes a re-export (the unit tests would otherwise load real React).
export { useSyncExternalStore } from 'preact/compat';
