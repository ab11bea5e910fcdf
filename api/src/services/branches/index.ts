import type { Branch, CreateBranchRequest } from '@bahi/shared/contracts';
import { and, asc, desc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { storeBranches } from '../../db/schema';
import { HttpError, UNIQUE_VIOLATION, badRequest, conflict, notFound, pgErrorCode } from '../../errors';
import { UUID } from '../../db/ids';
import { containing, preparedPerDatabase } from '../../db/lists';

type BranchRow = typeof storeBranches.$inferSelect;
/** A validated create/update body (after the contract's trimming and upper-casing). */
export type BranchInput = z.output<typeof CreateBranchRequest>;

export const FIRST_BRANCH_NAME = 'Main Branch';
const BRANCH_NOT_FOUND = 'Branch not found';

export function toBranch(row: BranchRow): Branch {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    email: row.email,
    gstin: row.gstin,
    registrationType: row.registrationType,
    address: { street: row.street, city: row.city, stateCode: row.stateCode, pin: row.pin },
    invoicePrefix: row.invoicePrefix,
    isDefault: row.isDefault,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function columns(input: BranchInput) {
  return {
    name: input.name,
    phone: input.phone ?? null,
    email: input.email ?? null,
    gstin: input.gstin ?? null,
    // The contract asks a GSTIN for its type; without one the branch issues under the business's registration.
    registrationType: input.gstin ? (input.registrationType as 'REGULAR' | 'COMPOSITION') : null,
    street: input.address.street,
    city: input.address.city,
    stateCode: input.address.stateCode,
    pin: input.address.pin,
    invoicePrefix: input.invoicePrefix ?? null,
  };
}

const branchesIn = (db: Db, where: SQL | undefined) =>
  db.select().from(storeBranches).where(where).orderBy(desc(storeBranches.isDefault), asc(sql`lower(${storeBranches.name})`));

/** The unfiltered list (the branch switcher asks for it on every page). */
const allBranches = preparedPerDatabase((db) => branchesIn(db, eq(storeBranches.businessId, sql.placeholder('businessId'))).prepare('list_branches'));

export async function listBranches(db: Db, businessId: string, q?: string): Promise<Branch[]> {
  const term = q?.trim();
  if (!term) {
    return (await allBranches(db).execute({ businessId })).map(toBranch);
  }
  const pattern = containing(term);
  const rows = await branchesIn(
    db,
    and(
      eq(storeBranches.businessId, businessId),
      or(ilike(storeBranches.name, pattern), ilike(storeBranches.city, pattern), ilike(storeBranches.gstin, pattern)),
    ),
  );
  return rows.map(toBranch);
}

/** The business's branch with this id; anything else (another business's id, not an id at all) is "not found". */
export async function findBranchRow(db: Db | Tx, businessId: string, id: string): Promise<BranchRow | undefined> {
  if (!UUID.test(id)) return undefined;
  const [row] = await db
    .select()
    .from(storeBranches)
    .where(and(eq(storeBranches.businessId, businessId), eq(storeBranches.id, id)));
  return row;
}

export async function getBranch(db: Db, businessId: string, id: string): Promise<Branch> {
  const row = await findBranchRow(db, businessId, id);
  if (!row) throw notFound(BRANCH_NOT_FOUND);
  return toBranch(row);
}

/** The branch a new session starts on: the default one, else the oldest. */
export async function defaultBranchRow(db: Db | Tx, businessId: string): Promise<BranchRow | undefined> {
  const [row] = await db
    .select()
    .from(storeBranches)
    .where(eq(storeBranches.businessId, businessId))
    .orderBy(desc(storeBranches.isDefault), asc(storeBranches.createdAt))
    .limit(1);
  return row;
}

/** Branch writes of one business run one at a time, so the name check and the single default cannot race. */
async function lockBusinessBranches(tx: Tx, businessId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`branches:${businessId}`}))`);
}

async function assertNameFree(tx: Tx, businessId: string, name: string, exceptId?: string) {
  const [clash] = await tx
    .select({ id: storeBranches.id })
    .from(storeBranches)
    .where(
      and(
        eq(storeBranches.businessId, businessId),
        sql`lower(${storeBranches.name}) = lower(${name})`,
        exceptId ? ne(storeBranches.id, exceptId) : undefined,
      ),
    );
  if (clash) throw duplicateName(name);
}

const duplicateName = (name: string) => conflict(`A branch named ${name} already exists`, 'name');

async function clearDefault(tx: Tx, businessId: string, now: Date) {
  await tx
    .update(storeBranches)
    .set({ isDefault: false, updatedAt: now })
    .where(and(eq(storeBranches.businessId, businessId), eq(storeBranches.isDefault, true)));
}

/** Should a write still slip past the check (another writer without the lock), the unique index answers for it. */
async function translateUniqueViolation<T>(name: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (!(e instanceof HttpError) && pgErrorCode(e) === UNIQUE_VIOLATION) throw duplicateName(name);
    throw e;
  }
}

export async function createBranch(db: Db, businessId: string, input: BranchInput, now: Date): Promise<Branch> {
  return translateUniqueViolation(input.name, () =>
    db.transaction(async (tx) => {
      await lockBusinessBranches(tx, businessId);
      await assertNameFree(tx, businessId, input.name);
      if (input.isDefault) await clearDefault(tx, businessId, now);
      const [row] = await tx
        .insert(storeBranches)
        .values({ businessId, ...columns(input), isDefault: input.isDefault ?? false, createdAt: now, updatedAt: now })
        .returning();
      return toBranch(row);
    }),
  );
}

export async function updateBranch(
  db: Db,
  businessId: string,
  id: string,
  input: BranchInput,
  now: Date,
): Promise<Branch> {
  return translateUniqueViolation(input.name, () =>
    db.transaction(async (tx) => {
      await lockBusinessBranches(tx, businessId);
      const existing = await findBranchRow(tx, businessId, id);
      if (!existing) throw notFound(BRANCH_NOT_FOUND);
      if (existing.isDefault && input.isDefault === false) {
        throw badRequest('A business always has a default branch: make another branch the default instead.', 'isDefault');
      }
      await assertNameFree(tx, businessId, input.name, id);
      const makeDefault = input.isDefault === true && !existing.isDefault;
      if (makeDefault) await clearDefault(tx, businessId, now);
      const [row] = await tx
        .update(storeBranches)
        .set({ ...columns(input), isDefault: existing.isDefault || makeDefault, updatedAt: now })
        .where(and(eq(storeBranches.businessId, businessId), eq(storeBranches.id, id)))
        .returning();
      return toBranch(row);
    }),
  );
}
