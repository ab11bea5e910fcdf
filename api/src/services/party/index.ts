import { randomUUID } from 'node:crypto';
import type { PageMeta, Party, PartyAddress, PartyAddressFields, PartyCategory, PartyInput, PartyListQuery, PartyLocation } from '@bahi/shared/contracts';
import { DATE_MIN, PARTY_PAGE_SIZE_DEFAULT, indiaToday, partyTypesMatching } from '@bahi/shared/contracts';
import { INDIAN_STATES, moneyText, stateName, toPaise } from '@bahi/shared/india';
import { and, asc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { parties, partyAddresses, partyCategories, type AddressTypeValue, type PartyTypeValue } from '../../db/schema';
import { HttpError, UNIQUE_VIOLATION, badRequest, conflict, notFound, pgErrorCode } from '../../errors';
import { partyBalanceSql } from './balances';
import { postPartyOpenings } from '../ledger/postings';
import { UUID } from '../../db/ids';
import { byName, containing, countOf, listTotal, pageOf, preparedPerDatabase, withTotal } from '../../db/lists';

export const PARTY_NOT_FOUND = 'Party not found';
export const CATEGORY_NOT_FOUND = 'Party category not found';

type PartyRow = typeof parties.$inferSelect;
/** What an answer shows of an address row. */
type AddressRow = Pick<typeof partyAddresses.$inferSelect, 'id' | 'type' | 'street' | 'stateCode' | 'pin'>;

/**
 * The one rule of which party a document may name: sales, quotations and automated bills are to customers, purchases
 * are from suppliers, and a party marked BOTH is either. A party of the other type only is refused on `partyId`
 * (400), wherever the document comes from.
 */
export function requirePartyType(party: { name: string; partyType: PartyTypeValue }, side: 'SALE' | 'PURCHASE'): void {
  if (side === 'SALE' && !partyTypesMatching('CUSTOMER').includes(party.partyType)) {
    throw badRequest(
      `${party.name} is a supplier: sales, quotations and automated bills are for customers. Choose a customer, or edit ${party.name} and mark it as both customer and supplier`,
      'partyId',
    );
  }
  if (side === 'PURCHASE' && !partyTypesMatching('SUPPLIER').includes(party.partyType)) {
    throw badRequest(
      `${party.name} is a customer: purchases are from suppliers. Choose a supplier, or edit ${party.name} and mark it as both customer and supplier`,
      'partyId',
    );
  }
}

export const duplicatePartyName = (name: string) => conflict(`A party named ${name} already exists`, 'name');
const duplicateCategory = (name: string) => conflict(`A category named ${name} already exists`, 'catagory');
const categoryNotFound = (field = 'partyCatagory') => new HttpError(404, CATEGORY_NOT_FOUND, field);

/** numeric(14,2) as the contract answers it: '1500.00' (drivers may hand back '1500' or 1500). */
const moneyOrNull = (v: string | number | null) => (v === null ? null : moneyText(String(v)));

function toAddress(row: AddressRow): PartyAddress {
  return {
    id: row.id,
    type: row.type,
    miscData: { ad: row.street, st: stateName(row.stateCode) ?? null, pin: row.pin, stateCode: row.stateCode },
  };
}

export function toParty(row: PartyRow, categoryName: string | null, addresses: AddressRow[]): Party {
  const billingRow = addresses.find((a) => a.type === 'BILLING' || a.type === 'BOTH');
  const shippingRow = billingRow?.type === 'BOTH' ? billingRow : addresses.find((a) => a.type === 'SHIPPING');
  return {
    id: row.id,
    name: row.name,
    partyType: row.partyType,
    mobileNumber: row.mobileNumber,
    email: row.email,
    partyCatagory: row.categoryId && categoryName !== null ? { id: row.categoryId, catagory: categoryName } : null,
    openingBalance: moneyOrNull(row.openingBalance),
    gstin: row.gstin,
    registrationType: row.registrationType,
    panNumber: row.panNumber,
    creditPeriod: row.creditPeriod,
    creditLimit: moneyOrNull(row.creditLimit),
    billingAddress: billingRow ? toAddress(billingRow) : null,
    shippingAddress: shippingRow ? toAddress(shippingRow) : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}


/**
 * q matches the name (any part, any case), the mobile number (digits, +91 and spaces ignored) or the GSTIN, all in
 * the lower-cased search_text column its trigram index serves.
 */
function searchCondition(q: string): SQL | undefined {
  const term = q.trim();
  if (!term) return undefined;
  const like = (s: string) => sql`${parties.searchText} like ${containing(s.toLowerCase())}`;
  const conditions: SQL[] = [like(term)];
  const digits = term.replace(/[\s()+-]/g, '');
  if (/^[0-9]{3,}$/.test(digits)) conditions.push(like(digits.length === 12 && digits.startsWith('91') ? digits.slice(2) : digits));
  const gstin = term.replace(/\s/g, '');
  if (/^[0-9A-Za-z]{2,15}$/.test(gstin) && gstin !== term) conditions.push(like(gstin));
  return or(...conditions);
}

/** A party's addresses in the party's own query (one round trip for a page, not two). */
const addressesJson = sql<AddressRow[] | null>`(select json_agg(json_build_object('id', a.id, 'type', a.type, 'street', a.street,
  'stateCode', a.state_code, 'pin', a.pin)) from ${partyAddresses} a where a.business_id = ${parties.businessId} and a.party_id = ${parties.id})`;

const categoryJoin = and(eq(partyCategories.businessId, parties.businessId), eq(partyCategories.id, parties.categoryId));

export async function findCategory(db: Db | Tx, businessId: string, id: string): Promise<PartyCategory | undefined> {
  if (!UUID.test(id)) return undefined;
  const [row] = await db
    .select()
    .from(partyCategories)
    .where(and(eq(partyCategories.businessId, businessId), eq(partyCategories.id, id)));
  return row ? { id: row.id, catagory: row.name } : undefined;
}

/** The balance on `today` in the party's own query: a page of parties with their balances is one statement. */
const balanceColumn = (today: string | SQL) => partyBalanceSql({ businessId: parties.businessId, id: parties.id, today });

const partyFields = (today: string | SQL) => ({ party: parties, categoryName: partyCategories.name, addresses: addressesJson, balance: balanceColumn(today) });

const partiesIn = (db: Db | Tx, where: SQL | undefined, today: string | SQL) =>
  db
    .select(partyFields(today))
    .from(parties)
    .leftJoin(partyCategories, categoryJoin)
    .where(where)
    .orderBy(...byName(parties));

/** A filtered page (`pageOf`): only its rows get addresses and balances, with the filter's total beside them. */
function pageOfParties(db: Db | Tx, where: SQL | undefined, limit: number, offset: number, today: string) {
  const page = pageOf(db, parties, where, limit, offset);
  return db
    .with(page)
    .select({ ...partyFields(today), total: countOf(parties, where) })
    .from(page)
    .innerJoin(parties, eq(parties.id, page.id))
    .leftJoin(partyCategories, categoryJoin)
    .orderBy(...byName(parties));
}

/** The list as it first opens (a page, no search or filter). */
const firstPage = preparedPerDatabase((db) =>
  partiesIn(db, eq(parties.businessId, sql.placeholder('businessId')), sql`${sql.placeholder('today')}`)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('parties_first_page'),
);

export interface PartyList {
  data: Party[];
  meta?: PageMeta;
}

/**
 * The business's parties by name. With page or pageSize, one page and its meta; without, every party (the seed's
 * call). Another business's category id answers 404.
 */
export async function listParties(db: Db, businessId: string, query: z.output<typeof PartyListQuery>, today: string): Promise<PartyList> {
  if (query.categoryId && !(await findCategory(db, businessId, query.categoryId))) throw categoryNotFound('categoryId');
  const where = and(
    eq(parties.businessId, businessId),
    query.partyType ? inArray(parties.partyType, partyTypesMatching(query.partyType)) : undefined,
    query.categoryId ? eq(parties.categoryId, query.categoryId) : undefined,
    query.q ? searchCondition(query.q) : undefined,
  );
  const paged = query.page !== undefined || query.pageSize !== undefined;
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? PARTY_PAGE_SIZE_DEFAULT;

  /** A search or filter (the trigram index serves `q`, migration 0022): a page and its total from one query. */
  const filtered = async (): Promise<[Awaited<ReturnType<typeof partiesIn>>, number | undefined]> => {
    if (!paged) return [await partiesIn(db, where, today), undefined];
    const rows = await pageOfParties(db, where, pageSize, (page - 1) * pageSize, today);
    return withTotal(rows, page, async () => {
      const [counted] = await db.select({ total: sql<number>`count(*)::int` }).from(parties).where(where);
      return Number(counted.total);
    });
  };
  const unfiltered = paged && !query.partyType && !query.categoryId && !query.q;
  const [rows, total] = unfiltered
    ? await Promise.all([
        firstPage(db).execute({ businessId, limit: pageSize, offset: (page - 1) * pageSize, today }),
        listTotal(db, businessId, 'parties'),
      ])
    : await filtered();
  const data = rows.map((r) => ({ ...toParty(r.party, r.categoryName, r.addresses ?? []), balance: moneyText(r.balance) }));
  return total !== undefined ? { data, meta: { total, page, pageSize } } : { data };
}

/** The party's row, with its balance on `today` when asked for (a document does not need it). */
export async function findPartyRow(db: Db | Tx, businessId: string, id: string, today?: string) {
  if (!UUID.test(id)) return undefined;
  const [row] = await db
    .select({ party: parties, categoryName: partyCategories.name, addresses: addressesJson, balance: today === undefined ? sql<string>`'0'` : balanceColumn(today) })
    .from(parties)
    .leftJoin(partyCategories, categoryJoin)
    .where(and(eq(parties.businessId, businessId), eq(parties.id, id)));
  return row;
}

/** The business's party; another business's id, or no id at all, is "not found". */
export async function getParty(db: Db | Tx, businessId: string, id: string, today: string): Promise<Party> {
  const row = await findPartyRow(db, businessId, id, today);
  if (!row) throw notFound(PARTY_NOT_FOUND);
  return { ...toParty(row.party, row.categoryName, row.addresses ?? []), balance: moneyText(row.balance) };
}

/** Party writes of one business run one at a time, so the name check cannot race (imports take it too). */
export async function lockBusinessParties(tx: Tx, businessId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`parties:${businessId}`}))`);
}

async function assertNameFree(tx: Tx, businessId: string, name: string, exceptId?: string) {
  const [clash] = await tx
    .select({ id: parties.id })
    .from(parties)
    .where(
      and(
        eq(parties.businessId, businessId),
        sql`lower(${parties.name}) = lower(${name})`,
        exceptId ? ne(parties.id, exceptId) : undefined,
      ),
    );
  if (clash) throw duplicatePartyName(name);
}

async function assertCategory(tx: Tx, businessId: string, categoryId: string | null) {
  if (categoryId && !(await findCategory(tx, businessId, categoryId))) throw categoryNotFound();
}

/** Should a write slip past the check, the unique index answers for it. */
async function translateUniqueViolation<T>(error: () => HttpError, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (!(e instanceof HttpError) && pgErrorCode(e) === UNIQUE_VIOLATION) throw error();
    throw e;
  }
}

export interface NewParty {
  id: string;
  input: PartyInput;
}

interface NewAddress {
  id: string;
  partyId: string;
  type: AddressTypeValue;
  fields: PartyAddressFields;
}

/** The address rows a party's input needs: one BOTH row, or BILLING and/or SHIPPING rows. */
function addressesOf(input: PartyInput): { type: AddressTypeValue; fields: PartyAddressFields }[] {
  const out: { type: AddressTypeValue; fields: PartyAddressFields }[] = [];
  if (input.billing) out.push({ type: input.shippingSameAsBilling ? 'BOTH' : 'BILLING', fields: input.billing });
  if (input.shipping && !input.shippingSameAsBilling) out.push({ type: 'SHIPPING', fields: input.shipping });
  return out;
}

/**
 * Inserts parties and their addresses with one statement each: `unnest` of one array parameter per column, so
 * 10,000 rows cost two round trips whatever the count. Used by the single create and by the import.
 */
export async function insertParties(tx: Tx, businessId: string, rows: NewParty[], now: Date) {
  if (rows.length === 0) return;
  const at = now.toISOString();
  const col = <T>(pick: (p: PartyInput) => T) => sql.param(rows.map((r) => pick(r.input)));
  await tx.execute(sql`
    insert into parties (id, business_id, name, party_type, mobile_number, email, category_id, opening_balance,
                         gstin, registration_type, pan_number, credit_period, credit_limit, created_at, updated_at)
    select t.id, ${businessId}::uuid, t.name, t.party_type, t.mobile_number, t.email, t.category_id,
           t.opening_balance, t.gstin, t.registration_type, t.pan_number, t.credit_period, t.credit_limit,
           ${at}::timestamptz, ${at}::timestamptz
    from unnest(
      ${sql.param(rows.map((r) => r.id))}::uuid[],
      ${col((p) => p.name)}::text[],
      ${col((p) => p.partyType)}::text[],
      ${col((p) => p.mobileNumber)}::text[],
      ${col((p) => p.email)}::text[],
      ${col((p) => p.categoryId)}::uuid[],
      ${col((p) => p.openingBalance)}::numeric[],
      ${col((p) => p.gstin)}::text[],
      ${col((p) => p.registrationType)}::text[],
      ${col((p) => p.panNumber)}::text[],
      ${col((p) => p.creditPeriod)}::int[],
      ${col((p) => p.creditLimit)}::numeric[]
    ) as t(id, name, party_type, mobile_number, email, category_id, opening_balance, gstin, registration_type,
           pan_number, credit_period, credit_limit)`);

  await postPartyOpenings(
    tx,
    businessId,
    rows.map((r) => ({ id: r.id, partyType: r.input.partyType, name: r.input.name, amount: toPaise(r.input.openingBalance ?? '0') })),
    { date: DATE_MIN, createdBy: null, now },
  );

  const addresses: NewAddress[] = rows.flatMap((r) =>
    addressesOf(r.input).map((a) => ({ id: randomUUID(), partyId: r.id, ...a })),
  );
  await insertAddresses(tx, businessId, addresses, at);
}

async function insertAddresses(tx: Tx, businessId: string, addresses: NewAddress[], at: string) {
  if (addresses.length === 0) return;
  await tx.execute(sql`
    insert into party_addresses (id, business_id, party_id, type, street, state_code, pin, created_at, updated_at)
    select t.id, ${businessId}::uuid, t.party_id, t.type, t.street, t.state_code, t.pin,
           ${at}::timestamptz, ${at}::timestamptz
    from unnest(
      ${sql.param(addresses.map((a) => a.id))}::uuid[],
      ${sql.param(addresses.map((a) => a.partyId))}::uuid[],
      ${sql.param(addresses.map((a) => a.type))}::text[],
      ${sql.param(addresses.map((a) => a.fields.ad))}::text[],
      ${sql.param(addresses.map((a) => a.fields.st))}::text[],
      ${sql.param(addresses.map((a) => a.fields.pin))}::text[]
    ) as t(id, party_id, type, street, state_code, pin)`);
}

export async function createParty(db: Db, businessId: string, input: PartyInput, now: Date): Promise<Party> {
  const id = randomUUID();
  await translateUniqueViolation(
    () => duplicatePartyName(input.name),
    () =>
      db.transaction(async (tx) => {
        await lockBusinessParties(tx, businessId);
        await assertNameFree(tx, businessId, input.name);
        await assertCategory(tx, businessId, input.categoryId);
        await insertParties(tx, businessId, [{ id, input }], now);
      }),
  );
  return getParty(db, businessId, id, indiaToday(now));
}

/** Brings a party's address rows to what the input says, keeping their ids where the role stays. */
async function syncAddresses(tx: Tx, businessId: string, partyId: string, input: PartyInput, now: Date) {
  const existing = await tx
    .select()
    .from(partyAddresses)
    .where(and(eq(partyAddresses.businessId, businessId), eq(partyAddresses.partyId, partyId)));
  const billingRow = existing.find((a) => a.type !== 'SHIPPING');
  const shippingRow = existing.find((a) => a.type === 'SHIPPING');
  const wanted = addressesOf(input);
  const billing = wanted.find((a) => a.type !== 'SHIPPING');
  const shipping = wanted.find((a) => a.type === 'SHIPPING');
  const fresh: NewAddress[] = [];
  for (const [row, want] of [
    [billingRow, billing],
    [shippingRow, shipping],
  ] as const) {
    if (row && !want) {
      await tx.delete(partyAddresses).where(and(eq(partyAddresses.businessId, businessId), eq(partyAddresses.id, row.id)));
    } else if (row && want) {
      await tx
        .update(partyAddresses)
        .set({ type: want.type, street: want.fields.ad, stateCode: want.fields.st, pin: want.fields.pin, updatedAt: now })
        .where(and(eq(partyAddresses.businessId, businessId), eq(partyAddresses.id, row.id)));
    } else if (want) {
      fresh.push({ id: randomUUID(), partyId, ...want });
    }
  }
  await insertAddresses(tx, businessId, fresh, now.toISOString());
}

export async function updateParty(db: Db, businessId: string, id: string, input: PartyInput, now: Date): Promise<Party> {
  await translateUniqueViolation(
    () => duplicatePartyName(input.name),
    () =>
      db.transaction(async (tx) => {
        await lockBusinessParties(tx, businessId);
        const before = await findPartyRow(tx, businessId, id);
        if (!before) throw notFound(PARTY_NOT_FOUND);
        await assertNameFree(tx, businessId, input.name, id);
        await assertCategory(tx, businessId, input.categoryId);
        await tx
          .update(parties)
          .set({
            name: input.name,
            partyType: input.partyType,
            mobileNumber: input.mobileNumber,
            email: input.email,
            categoryId: input.categoryId,
            openingBalance: input.openingBalance,
            gstin: input.gstin,
            registrationType: input.registrationType,
            panNumber: input.panNumber,
            creditPeriod: input.creditPeriod,
            creditLimit: input.creditLimit,
            updatedAt: now,
          })
          .where(and(eq(parties.businessId, businessId), eq(parties.id, id)));
        await syncAddresses(tx, businessId, id, input, now);
        const opening = toPaise(input.openingBalance ?? '0');
        if (opening !== toPaise(before.party.openingBalance ?? '0') || input.partyType !== before.party.partyType) {
          await postPartyOpenings(tx, businessId, [{ id, partyType: input.partyType, name: input.name, amount: opening }], { date: DATE_MIN, createdBy: null, now });
        }
      }),
  );
  return getParty(db, businessId, id, indiaToday(now));
}

export async function listCategories(db: Db, businessId: string): Promise<PartyCategory[]> {
  const rows = await db
    .select()
    .from(partyCategories)
    .where(eq(partyCategories.businessId, businessId))
    .orderBy(asc(sql`lower(${partyCategories.name})`));
  return rows.map((r) => ({ id: r.id, catagory: r.name }));
}

export async function createCategory(db: Db, businessId: string, name: string, now: Date): Promise<PartyCategory> {
  return translateUniqueViolation(
    () => duplicateCategory(name),
    () =>
      db.transaction(async (tx) => {
        const [clash] = await tx
          .select({ id: partyCategories.id })
          .from(partyCategories)
          .where(and(eq(partyCategories.businessId, businessId), sql`lower(${partyCategories.name}) = lower(${name})`));
        if (clash) throw duplicateCategory(name);
        const [row] = await tx.insert(partyCategories).values({ businessId, name, createdAt: now }).returning();
        return { id: row.id, catagory: row.name };
      }),
  );
}

/** GET party/locations: the shared list of GST states and union territories. */
export function partyLocations(): PartyLocation[] {
  return INDIAN_STATES.map((s) => ({ code: s.code, name: s.name, isUnionTerritory: s.isUnionTerritory }));
}
