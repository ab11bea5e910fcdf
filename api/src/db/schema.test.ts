import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from './client';
import { createTestDatabase } from '../test/db';
import { SETUP_TIMEOUT_MS } from '../test/harness';
import { selectRows } from './rows';

/*
 * The schema stays shardable by business (docs/scaling.md): read from the migrated database itself, every table
 * carries business_id unless it is listed below as a reference or local table, and every primary key, unique key
 * and foreign key of a distributed table includes business_id, so each lives inside one shard. A new table or key
 * that breaks this fails here until it is fixed or listed, with the reason, in docs/scaling.md.
 */

/** Small tables every shard reads: copied to every node (Citus reference tables). */
const REFERENCE_TABLES = ['tax_rates', 'units', 'remote_registry', 'remote_registry_history'];
/**
 * Tables that stay on the coordinator: sign-in happens before a business is known (by phone and client address),
 * so these are looked up without one. `businesses` is the distribution root: its id is every other table's
 * business_id.
 */
const LOCAL_TABLES = ['businesses', 'otp_challenges', 'otp_sends', 'rate_limit_counters'];

/**
 * Keys of distributed tables that do not include business_id yet, each with why. Shrink this list; never grow it
 * without an entry in docs/scaling.md.
 */
const KNOWN_VIOLATIONS: Record<string, string> = {
  // users.id is what sessions and audit columns name; login finds a number's users across all businesses (the
  // global phone directory, by the non-unique users_mobile_idx). Sharded, the directory moves to a local table
  // mobile -> (business_id, user_id).
  'users: primary key users_pkey (id)': 'global phone directory: see docs/scaling.md',
  // Parties, items, categories and branches were created with a global uuid primary key and a second unique key
  // (business_id, id) that every foreign key uses; sharded, the primary key becomes (business_id, id).
  'parties: primary key parties_pkey (id)': 'uuid key; (business_id, id) is unique too',
  'party_categories: primary key party_categories_pkey (id)': 'uuid key; (business_id, id) is unique too',
  'items: primary key items_pkey (id)': 'uuid key; (business_id, id) is unique too',
  'item_categories: primary key item_categories_pkey (id)': 'uuid key; (business_id, id) is unique too',
  'store_branches: primary key store_branches_pkey (id)': 'uuid key; (business_id, id) is unique too',
  // Child rows keyed by their own uuid; every foreign key of theirs already leads with business_id.
  'item_images: primary key item_images_pkey (id)': 'uuid key of a child row',
  'item_serial_numbers: primary key item_serial_numbers_pkey (id)': 'uuid key of a child row',
  'party_addresses: primary key party_addresses_pkey (id)': 'uuid key of a child row',
  'stock_movements: primary key stock_movements_pkey (id)': 'uuid key of a child row',
  // A session is found by the hash of the cookie's token before the business is known: sharded, sessions stay a
  // local table on the coordinator, which then routes by the session's business_id.
  'sessions: primary key sessions_pkey (id)': 'looked up by token before the business is known',
  'sessions: foreign key sessions_user_id_users_id_fk (user_id)': 'looked up by token before the business is known',
};

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
}, SETUP_TIMEOUT_MS);
afterAll(() => database?.close());

interface TableRow extends Record<string, unknown> {
  table: string;
  has_business_id: boolean;
}
interface KeyRow extends Record<string, unknown> {
  table: string;
  name: string;
  kind: string;
  columns: string;
  referenced: string | null;
}

const tables = () =>
  selectRows<TableRow>(
    database.db,
    sql`select c.relname as table,
          exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'business_id' and not a.attisdropped) as has_business_id
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and c.relname not like '\\_\\_%'
        order by 1`,
  );

/** Primary keys, unique constraints, unique indexes and foreign keys, with their columns in order. */
const keys = () =>
  selectRows<KeyRow>(
    database.db,
    sql`select t.relname as table, k.conname as name,
          case k.contype when 'p' then 'primary key' when 'u' then 'unique' else 'foreign key' end as kind,
          (select string_agg(a.attname, ', ' order by u.ord) from unnest(k.conkey) with ordinality u(att, ord)
             join pg_attribute a on a.attrelid = k.conrelid and a.attnum = u.att) as columns,
          r.relname as referenced
        from pg_constraint k
        join pg_class t on t.oid = k.conrelid
        join pg_namespace n on n.oid = t.relnamespace
        left join pg_class r on r.oid = k.confrelid
        where n.nspname = 'public' and k.contype in ('p', 'u', 'f')
      union all
        select t.relname, i.relname, 'unique',
          coalesce((select string_agg(coalesce(a.attname, 'expression'), ', ' order by u.ord) from unnest(x.indkey) with ordinality u(att, ord)
             left join pg_attribute a on a.attrelid = x.indrelid and a.attnum = u.att), ''),
          null
        from pg_index x
        join pg_class i on i.oid = x.indexrelid
        join pg_class t on t.oid = x.indrelid
        join pg_namespace n on n.oid = t.relnamespace
        where n.nspname = 'public' and x.indisunique and not exists (select 1 from pg_constraint k where k.conindid = x.indexrelid)`,
  );

describe('schema shardable by business', () => {
  it('gives every table business_id, except the listed reference and local tables', async () => {
    const rows = await tables();
    const listed = new Set([...REFERENCE_TABLES, ...LOCAL_TABLES]);
    expect(rows.filter((r) => !r.has_business_id && !listed.has(r.table)).map((r) => r.table)).toEqual([]);
    // A listed table that gained business_id (or went) is listed wrongly.
    const present = new Map(rows.map((r) => [r.table, r.has_business_id]));
    expect([...listed].filter((t) => present.get(t) !== false)).toEqual([]);
  });

  it('puts business_id in every primary, unique and foreign key of a distributed table', async () => {
    const distributed = new Set((await tables()).filter((r) => r.has_business_id).map((r) => r.table));
    const reference = new Set(REFERENCE_TABLES);
    const violations = (await keys())
      .filter((k) => distributed.has(k.table))
      // A foreign key to a reference table (every node has it) or to the business itself is fine anywhere.
      .filter((k) => !(k.kind === 'foreign key' && (reference.has(k.referenced ?? '') || (k.referenced === 'businesses' && k.columns === 'business_id'))))
      .filter((k) => !k.columns.split(', ').includes('business_id'))
      .map((k) => `${k.table}: ${k.kind} ${k.name} (${k.columns})`)
      .sort();
    expect(violations.filter((v) => !(v in KNOWN_VIOLATIONS))).toEqual([]);
    // A fixed key leaves the list.
    expect(Object.keys(KNOWN_VIOLATIONS).filter((v) => !violations.includes(v))).toEqual([]);
  });

  it('pairs business_id with business_id in every foreign key between distributed tables (co-located shards)', async () => {
    // Citus checks a foreign key between distributed tables shard by shard: the referencing row's distribution
    // column must be the one that matches the referenced row's, or the row it names may be on another node.
    const rows = await selectRows<{ table: string; name: string; referenced: string; columns: string; paired: boolean }>(
      database.db,
      sql`select t.relname as table, k.conname as name, r.relname as referenced,
            (select string_agg(a.attname, ', ' order by p.ord) from unnest(k.conkey) with ordinality p(att, ord)
               join pg_attribute a on a.attrelid = k.conrelid and a.attnum = p.att) as columns,
            exists (select 1 from unnest(k.conkey, k.confkey) as p(att, ref)
                      join pg_attribute a on a.attrelid = k.conrelid and a.attnum = p.att
                      join pg_attribute b on b.attrelid = k.confrelid and b.attnum = p.ref
                    where a.attname = 'business_id' and b.attname = 'business_id') as paired
          from pg_constraint k
          join pg_class t on t.oid = k.conrelid
          join pg_class r on r.oid = k.confrelid
          join pg_namespace n on n.oid = t.relnamespace
          where n.nspname = 'public' and k.contype = 'f'`,
    );
    const distributed = new Set((await tables()).filter((r) => r.has_business_id).map((r) => r.table));
    const unpaired = rows
      .filter((k) => distributed.has(k.table) && distributed.has(k.referenced) && !k.paired)
      .map((k) => `${k.table}: foreign key ${k.name} (${k.columns})`)
      .filter((v) => !(v in KNOWN_VIOLATIONS));
    expect(unpaired).toEqual([]);
  });

  it('gives reference tables foreign keys only to reference tables (a copy on every node cannot name a shard)', async () => {
    const reference = new Set(REFERENCE_TABLES);
    const wrong = (await keys())
      .filter((k) => k.kind === 'foreign key' && reference.has(k.table) && !reference.has(k.referenced ?? ''))
      .map((k) => `${k.table}: ${k.name} -> ${k.referenced}`);
    expect(wrong).toEqual([]);
  });

  it('names every table in docs/scaling.md, reference and local tables as such', async () => {
    const doc = fs.readFileSync(path.resolve(__dirname, '..', '..', '..', 'docs', 'scaling.md'), 'utf8');
    const section = doc.slice(doc.indexOf('### Table by table'), doc.indexOf('### Queries that span shards'));
    /** Each table named in the section's table, with the kind its row gives (distributed, reference, local). */
    const kinds = new Map<string, string>();
    for (const line of section.split('\n').filter((l) => l.startsWith('| `'))) {
      const [names, kind] = line.split('|').slice(1, 3);
      for (const m of names.matchAll(/`([a-z_]+)`/g)) kinds.set(m[1], kind.trim().split(' ')[0]);
    }
    const all = (await tables()).map((r) => r.table);
    expect(all.filter((t) => !kinds.has(t))).toEqual([]);
    expect(REFERENCE_TABLES.filter((t) => kinds.get(t) !== 'reference')).toEqual([]);
    expect(LOCAL_TABLES.filter((t) => t !== 'businesses' && kinds.get(t) !== 'local')).toEqual([]);
    // A table the doc still names but the schema no longer has.
    expect([...kinds.keys()].filter((t) => !all.includes(t))).toEqual([]);
  });
});
