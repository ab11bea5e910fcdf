export * from './common';
export * from './auth';
export * from './branch';
export * from './registry';
