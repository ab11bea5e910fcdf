/**
 * @bahi/shared/testing: what every area's component tests need to render a screen as the shell does. An area's
 * own fixtures (a branch, an item, a party) stay beside its tests.
 */
export * from './render';
