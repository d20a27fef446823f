export * from './auth';
export * from './clients';
export * from './audit';
export * from './tickets';
export * from './review';
export * from './settings';
export * from './bureau';
export * from './collections';
