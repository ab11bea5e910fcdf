/** @bahi/shared: the contract between all teams. Browser-safe only. */
export * from './contracts';
export * from './india';
export * from './api';
export * from './session';
export * from './swr';
export * from './swr/provider';
export * from './ui';
export * from './remote';
