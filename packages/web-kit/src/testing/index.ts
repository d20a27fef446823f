export * from './mock-api';
export * from './setup';
