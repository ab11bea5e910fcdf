/**
 * @bahi/shared, the UI-free core: contracts, the API client, the session, the SWR cache, Indian formats and ids,
 * the GST engine. It imports no antd and no icons (lint enforces it), so the login page pays only for this.
 * The components are `@bahi/shared/ui`; test helpers are `@bahi/shared/testing`. Browser-safe only.
 */
export * from './contracts';
export * from './india';
export * from './gst';
export * from './api';
export * from './session';
export * from './swr';
export * from './swr/provider';
export * from './swr/record';
export * from './remote';
export * from './loadable';
export * from './permissions/use-can';
