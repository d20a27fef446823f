export * from './match-media';
export * from './mock-api';
export * from './setup';
