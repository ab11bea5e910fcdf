export * from './providers';
export * from './page';
export * from './placeholder';
export * from './standalone';
