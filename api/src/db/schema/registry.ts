/** The remote registry and its history: operator data, not a business's. */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { updatedAt } from './columns';

export const FLAG_MODES = ['on', 'off', 'businesses', 'percentage'] as const;
export type FlagMode = (typeof FLAG_MODES)[number];

export interface RegistryNavEntry {
  path: string;
  label: string;
  icon: string;
  order: number;
}

/** What a remote's bahi-remote.json says about its area, as the registry keeps it. */
export interface RegistryDescriptorFields {
  title: string;
  routes: string[];
  nav: RegistryNavEntry[];
}

/** The remote registry: where each remote's build lives and who may use it. Operator data, not a business's. */
export const remoteRegistry = pgTable(
  'remote_registry',
  {
    /** The module-federation container name, e.g. mf_items. */
    name: text('name').primaryKey(),
    folder: text('folder').notNull(),
    manifestUrl: text('manifest_url').notNull(),
    version: text('version').notNull(),
    title: text('title').notNull(),
    routes: jsonb('routes').$type<string[]>().notNull(),
    nav: jsonb('nav').$type<RegistryNavEntry[]>().notNull(),
    overridable: boolean('overridable').notNull().default(false),
    /** The only origins (scheme://host:port) an override of this remote may load from; the CSP allows them too. */
    overrideOrigins: text('override_origins')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    flagMode: text('flag_mode').$type<FlagMode>().notNull().default('on'),
    flagBusinesses: uuid('flag_businesses')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    flagPercentage: integer('flag_percentage'),
    previousManifestUrl: text('previous_manifest_url'),
    previousVersion: text('previous_version'),
    /** The previous build's title, routes and sidebar entries, restored together with its URL by a rollback. */
    previousDescriptor: jsonb('previous_descriptor').$type<RegistryDescriptorFields>(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('remote_registry_flag_mode_check', sql`${t.flagMode} in ('on', 'off', 'businesses', 'percentage')`),
    check(
      'remote_registry_flag_percentage_check',
      sql`${t.flagPercentage} is null or (${t.flagPercentage} between 0 and 100)`,
    ),
  ],
);

// ---------------------------------------------------------------------------------------------------------------
// Remote registry history

export const REGISTRY_ACTIONS = [
  'publish',
  'rollback',
  'enable',
  'disable',
  'enable-for',
  'rollout',
  'allow-override',
  'override-origins',
  'sync',
] as const;
export type RegistryAction = (typeof REGISTRY_ACTIONS)[number];

/** Every change of the remote registry: who or what, when, and the remote before and after (operator data). */
export const remoteRegistryHistory = pgTable(
  'remote_registry_history',
  {
    /** Also orders changes made within one transaction timestamp. */
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** No foreign key: the history outlives a remote removed from the registry. */
    remoteName: text('remote_name').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    actor: text('actor').notNull(),
    action: text('action').$type<RegistryAction>().notNull(),
    /** Null when the change created the remote. */
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [index('remote_registry_history_remote_idx').on(t.remoteName, t.id)],
);
