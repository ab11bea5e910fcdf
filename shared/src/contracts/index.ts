export * from './common';
export * from './auth';
export * from './branch';
export * from './registry';
export * from './import';
export * from './party';
export * from './item';
