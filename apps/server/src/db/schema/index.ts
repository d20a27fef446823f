// Every table of the app, one file per domain. drizzle-kit reads this file to generate migrations.
export * from './clients';
export * from './sessions';
export * from './accounts';
export * from './messages';
export * from './outbox';
export * from './identity';
export * from './files';
export * from './cards';
export * from './payments';
export * from './loans';
export * from './documents';
export * from './tickets';
export * from './public-data';
export * from './staff';
export * from './settings';
export * from './bureau';
export * from './esia';
