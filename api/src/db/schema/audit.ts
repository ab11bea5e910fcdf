/**
 * The audit trail: one append-only event per change of a document, master, user, login, setting or registry entry,
 * written by database triggers (drizzle/0040_audit_trail.sql) in the writing transaction, chained per business by
 * hash. The application only reads it: the database refuses UPDATE, DELETE and TRUNCATE.
 */
import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const auditEvents = pgTable(
  'audit_events',
  {
    /** The business whose chain the event is in (the nil uuid: the operator's remote registry). */
    businessId: uuid('business_id').notNull(),
    /** 1, 2, 3 … per business, without gaps: the event's place in the chain. */
    seq: bigint('seq', { mode: 'number' }).notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Who: null for the system (migrations, the scheduler). */
    actorUserId: uuid('actor_user_id'),
    actorRole: text('actor_role'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** What: sale_invoice, party, item, user, business, … and the row's id. */
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    /** The document a payment or stock movement belongs to, so the document's history shows it too. */
    parentId: text('parent_id'),
    /** create, edit, cancel, delete, import, login, logout, invite, role-change, settings-change, … */
    action: text('action').notNull(),
    /** The changed fields as they were (null for a create) and as they became (null for a delete). */
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [
    primaryKey({ name: 'audit_events_pkey', columns: [t.businessId, t.seq] }),
    index('audit_events_entity_idx').on(t.businessId, t.entityId, t.seq),
    index('audit_events_parent_idx').on(t.businessId, t.parentId, t.seq).where(sql`${t.parentId} is not null`),
    index('audit_events_actor_idx').on(t.businessId, t.actorUserId, t.seq),
  ],
);
