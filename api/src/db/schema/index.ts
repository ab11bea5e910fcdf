/**
 * The database schema, one file per area. Every business table carries business_id and every primary key, unique
 * key and foreign key of one leads with it, so the data can be sharded by business (Citus); the exceptions are
 * listed in docs/scaling.md. SQL must run on PostgreSQL 15.
 */
export * from './core';
export * from './files';
export * from './registry';
export * from './party';
export * from './item';
export * from './accounts';
export * from './sales';
export * from './expense';
export * from './purchases';
export * from './purchase-notes';
export * from './automated-bills';
export * from './einvoice';
export * from './reports';
export * from './list-counts';
export * from './ledger';
export * from './sale-notes';
export * from './audit';
export * from './business-profile';
