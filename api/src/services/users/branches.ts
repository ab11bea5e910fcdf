/**
 * Which branches a user may work at: every branch of the business (users.all_branches, the default), or only those
 * listed in user_branches. Raw SQL against those names: the permission checks read the same table.
 */
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { UUID } from '../../db/ids';
import { selectRows } from '../../db/rows';
import { HttpError } from '../../errors';

export const BRANCH_NOT_FOUND = 'Branch not found';

const idList = (ids: readonly string[]) => sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `);

/**
 * Sets a user's branches: null for every branch of the business (also those opened later), else exactly these (at
 * least one; another business's or an unknown branch answers 404 naming `branchIds`). Run inside the transaction
 * that changes the user.
 */
export async function setUserBranches(tx: Tx, businessId: string, userId: string, branchIds: readonly string[] | null): Promise<void> {
  if (branchIds === null) {
    await tx.execute(sql`update users set all_branches = true where business_id = ${businessId} and id = ${userId}`);
    await tx.execute(sql`delete from user_branches where business_id = ${businessId} and user_id = ${userId}`);
    return;
  }
  const ids = [...new Set(branchIds)];
  if (ids.length === 0) throw new HttpError(400, 'Choose at least one branch, or all branches', 'branchIds');
  if (!ids.every((id) => UUID.test(id))) throw new HttpError(404, BRANCH_NOT_FOUND, 'branchIds');
  const known = await selectRows<{ id: string }>(
    tx,
    sql`select id::text as id from store_branches where business_id = ${businessId} and id in (${idList(ids)})`,
  );
  if (known.length !== ids.length) throw new HttpError(404, BRANCH_NOT_FOUND, 'branchIds');
  await tx.execute(sql`update users set all_branches = false where business_id = ${businessId} and id = ${userId}`);
  await tx.execute(
    sql`delete from user_branches where business_id = ${businessId} and user_id = ${userId} and branch_id not in (${idList(ids)})`,
  );
  await tx.execute(sql`insert into user_branches (business_id, user_id, branch_id)
    select ${businessId}::uuid, ${userId}::uuid, b from unnest(array[${idList(ids)}]) as b
    on conflict do nothing`);
}

/** The branches a user is limited to, or null when they may work at every branch. */
export async function userBranchIds(db: Db | Tx, businessId: string, userId: string): Promise<string[] | null> {
  const rows = await selectRows<{ all_branches: boolean; branch_id: string | null }>(
    db,
    sql`select u.all_branches, ub.branch_id::text as branch_id
        from users u left join user_branches ub on ub.business_id = u.business_id and ub.user_id = u.id
        where u.business_id = ${businessId} and u.id = ${userId}`,
  );
  if (rows.length === 0 || rows[0].all_branches) return null;
  return rows.flatMap((r) => (r.branch_id ? [r.branch_id] : []));
}

/** Every limited user's branches (id and name, by name), by user id; a user at every branch is not in the map. */
export async function branchesOfUsers(db: Db | Tx, businessId: string): Promise<Map<string, { id: string; name: string }[]>> {
  const rows = await selectRows<{ user_id: string; id: string; name: string }>(
    db,
    sql`select ub.user_id::text as user_id, b.id::text as id, b.name
        from user_branches ub join store_branches b on b.business_id = ub.business_id and b.id = ub.branch_id
        where ub.business_id = ${businessId}
        order by lower(b.name), b.id`,
  );
  const map = new Map<string, { id: string; name: string }[]>();
  for (const r of rows) {
    const list = map.get(r.user_id) ?? [];
    list.push({ id: r.id, name: r.name });
    map.set(r.user_id, list);
  }
  return map;
}
