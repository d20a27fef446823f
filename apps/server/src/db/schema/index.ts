// Every table of the app, one file per domain. drizzle-kit reads this file to generate migrations.
export * from './clients';
export * from './sessions';
