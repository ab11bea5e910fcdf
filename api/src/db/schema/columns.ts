import { numeric, timestamp } from 'drizzle-orm/pg-core';

/** Columns every table writes the same way. */
export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/** Money columns: numeric(14,2), read and written as decimal strings ('1500.00'), never floats. */
export const money = (name: string) => numeric(name, { precision: 14, scale: 2 });

/** Quantities: numeric(14,3), read as decimal strings ('2.500'); arithmetic on them happens in SQL. */
export const quantity = (name: string) => numeric(name, { precision: 14, scale: 3 });
