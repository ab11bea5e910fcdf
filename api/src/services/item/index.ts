export * from './items';
export * from './reference';
export * from './images';
export * from './stock';
export * from './form';
export * from './import';
export * from './rates';
