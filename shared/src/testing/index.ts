/**
 * @bahi/shared/testing: what every area's component tests need to render a screen as the shell does. An area's
 * own fixtures stay beside its tests; the document areas share ./documents.
 */
export * from './render';
// The branch, parties, items, taxes and accounts of the document screens (sales and purchases) and their tests.
export * from './documents';
