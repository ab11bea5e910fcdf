export * from './error';
export * from './client';
export * from './endpoints';
