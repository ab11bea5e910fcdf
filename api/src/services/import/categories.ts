import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import type { itemCategories, partyCategories } from '../../db/schema';

/** The categories of an area: both tables have an id, the business, a name and when it was created. */
type CategoryTable = typeof partyCategories | typeof itemCategories;

/**
 * The categories an import's rows name (any case), creating the ones the business does not have yet, as first
 * written; answers each name's category id (null for no name). Runs in the import's transaction, so a failed
 * import leaves no category behind.
 */
export async function resolveCategories(
  tx: Tx,
  table: CategoryTable,
  ctx: { businessId: string; now: Date },
  names: (string | undefined)[],
): Promise<(name: string | undefined) => string | null> {
  const { businessId, now } = ctx;
  const wanted = new Map<string, string>();
  for (const n of names) if (n && !wanted.has(n.toLowerCase())) wanted.set(n.toLowerCase(), n);
  const ids = new Map<string, string>();
  const idOf = (name: string | undefined) => (name ? (ids.get(name.toLowerCase()) ?? null) : null);
  if (wanted.size === 0) return idOf;
  const lowered = [...wanted.keys()];
  const existing = await tx
    .select({ id: table.id, name: table.name })
    .from(table)
    .where(sql`${table.businessId} = ${businessId} and lower(${table.name}) = any(${sql.param(lowered)}::text[])`);
  for (const row of existing) ids.set(row.name.toLowerCase(), row.id);
  const missing = lowered.filter((n) => !ids.has(n));
  if (missing.length) {
    const created = await tx
      .insert(table)
      .values(missing.map((n) => ({ businessId, name: wanted.get(n)!, createdAt: now })))
      .returning({ id: table.id, name: table.name });
    for (const row of created) ids.set(row.name.toLowerCase(), row.id);
  }
  return idOf;
}
