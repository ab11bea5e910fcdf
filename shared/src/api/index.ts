export * from './error';
export * from './client';
export * from './endpoints';
export * from './item';
export * from './party';
