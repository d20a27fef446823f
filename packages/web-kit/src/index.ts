export * from './api-client';
export * from './api-error';
export * from './date-time';
export * from './query-client';
export * from './upload-progress';
