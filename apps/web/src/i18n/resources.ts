import { ru } from './ru';

export const DEFAULT_NAMESPACE = 'common';
export const LOCALE = 'ru';
export const resources = { ru } as const;
