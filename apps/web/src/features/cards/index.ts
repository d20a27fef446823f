/** What the cards feature offers the rest of the app (through app/, or once moved to hooks/). */
export { useBindCard } from './hooks/use-bind-card';
