export * from './states';
export * from './ids';
export * from './money';
export * from './format';
export * from './pin';
