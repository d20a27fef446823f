export * from './money';
export * from './orders';
export * from './documents';
export * from './constants';
export * from './api/common';
export * from './api/health';
export * from './api/settings';
