export * from './providers';
export * from './page';
export * from './placeholder';
export * from './standalone';
export * from './notifications';
export * from './bulk-import';
