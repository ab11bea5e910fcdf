import { randomUUID } from 'node:crypto';
import { CreatePartyRequest, PARTY_LIMITS, PARTY_REGISTRATION_LABELS, PARTY_REGISTRATION_TYPES, type PartyInput } from '@bahi/shared/contracts';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { parties, partyCategories } from '../../db/schema';
import { resolveCategories, type ImportColumn, type ImportRowValues, type ImportSpec } from '../import';
import { insertParties, lockBusinessParties } from './index';

export type PartyColumn =
  | 'name'
  | 'partyType'
  | 'mobileNumber'
  | 'email'
  | 'category'
  | 'openingBalance'
  | 'gstin'
  | 'registrationType'
  | 'panNumber'
  | 'creditPeriod'
  | 'creditLimit'
  | 'billingStreet'
  | 'billingState'
  | 'billingPin'
  | 'shippingStreet'
  | 'shippingState'
  | 'shippingPin';

export const PARTY_IMPORT_COLUMNS: readonly ImportColumn<PartyColumn>[] = [
  { key: 'name', header: 'Party Name', aliases: ['Name'], required: true, example: 'Sharma Traders', width: 28,
    note: `The party's name, at most ${PARTY_LIMITS.name} characters. Must differ from every other party's name (ignoring capitals), in this file and already in Bahi.` },
  { key: 'partyType', header: 'Party Type', aliases: ['Type'], required: true, example: 'CUSTOMER', choices: ['CUSTOMER', 'SUPPLIER', 'BOTH'],
    note: 'CUSTOMER (you sell to them), SUPPLIER (you buy from them) or BOTH (you sell to them and buy from them; "Customer & Supplier" is read as BOTH).' },
  { key: 'mobileNumber', header: 'Mobile Number', aliases: ['Mobile', 'Phone'], example: '9876543210', kind: 'text', width: 16,
    note: 'A 10-digit Indian mobile number, starting with 6, 7, 8 or 9. +91 and spaces are ignored.' },
  { key: 'email', header: 'Email', example: 'accounts@sharmatraders.in', width: 28, note: 'An email address.' },
  { key: 'category', header: 'Party Category', aliases: ['Category'], example: 'Wholesale', width: 18,
    note: `A category name. A category that does not exist yet is created (at most ${PARTY_LIMITS.category} characters).` },
  { key: 'openingBalance', header: 'Opening Balance', example: 1500, kind: 'number', width: 17,
    note: 'What the party owed you (or, negative, what you owed them) when you started with Bahi, in rupees, at most 2 decimals.' },
  { key: 'gstin', header: 'GSTIN', example: '27AAPFU0939F1ZV', kind: 'text', width: 19,
    note: "The party's 15-character GSTIN (a UIN holder's UIN). Its first two digits must be the billing state's GST code." },
  { key: 'registrationType', header: 'Registration Type', aliases: ['GST Registration', 'Registration'], example: 'REGULAR', choices: [...PARTY_REGISTRATION_TYPES], width: 18,
    note: `How the party is registered under GST: ${PARTY_REGISTRATION_TYPES.map((t) => `${t} (${PARTY_REGISTRATION_LABELS[t]})`).join(', ')}. REGULAR, COMPOSITION, SEZ and UIN need the GSTIN (UIN: the UIN); OVERSEAS has none and its state is Other Country. Left empty: REGULAR with a GSTIN, UNREGISTERED without.` },
  { key: 'panNumber', header: 'PAN Number', aliases: ['PAN'], example: 'AAPFU0939F', kind: 'text', width: 14,
    note: 'The 10-character PAN. With a GSTIN it must be characters 3-12 of the GSTIN; left empty, it is taken from the GSTIN.' },
  { key: 'creditPeriod', header: 'Credit Period (days)', aliases: ['Credit Period'], example: 30, kind: 'number', width: 20,
    note: `Days the party has to pay: a whole number from 0 to ${PARTY_LIMITS.creditPeriodDays}.` },
  { key: 'creditLimit', header: 'Credit Limit', example: 50000, kind: 'number', width: 14,
    note: 'The most the party may owe, in rupees, at most 2 decimals; not negative.' },
  { key: 'billingStreet', header: 'Billing Address', aliases: ['Billing Street', 'Address'], example: 'Shop 4, MG Road, Camp', width: 32,
    note: `Street, building and area, at most ${PARTY_LIMITS.street} characters.` },
  { key: 'billingState', header: 'Billing State', aliases: ['State'], example: 'Maharashtra', width: 18,
    note: "The state or union territory's name (e.g. Maharashtra) or its GST code (e.g. 27)." },
  { key: 'billingPin', header: 'Billing PIN', aliases: ['Billing PIN Code', 'PIN', 'PIN Code'], example: '411001', kind: 'text', width: 12,
    note: 'The 6-digit PIN code; it cannot start with 0.' },
  { key: 'shippingStreet', header: 'Shipping Address', aliases: ['Shipping Street'], example: null, width: 32,
    note: 'Leave the three shipping columns empty when goods go to the billing address.' },
  { key: 'shippingState', header: 'Shipping State', example: null, width: 18, note: 'As Billing State.' },
  { key: 'shippingPin', header: 'Shipping PIN', aliases: ['Shipping PIN Code'], example: null, kind: 'text', width: 12,
    note: 'As Billing PIN.' },
];

export interface PartyImportRow {
  party: PartyInput;
  /** The category's name as written; resolved (or created) at insert. */
  category?: string;
}

const CategoryName = z
  .string()
  .trim()
  .max(PARTY_LIMITS.category, `Category name must be at most ${PARTY_LIMITS.category} characters`);

/**
 * A row through the very schema of POST party/create: the columns become the create request (shipping empty
 * means the billing address serves both), the category travels by name.
 */
const PartyImportRowOutput = z.object({ party: CreatePartyRequest, category: CategoryName.optional() });

export const PartyImportRowSchema = z.custom<ImportRowValues<PartyColumn>>().transform((v, ctx): PartyImportRow => {
  const hasShipping = !!(v.shippingStreet || v.shippingState || v.shippingPin);
  const parsed = PartyImportRowOutput.safeParse({
    party: {
      name: v.name,
      partyType: v.partyType,
      mobileNumber: v.mobileNumber,
      email: v.email,
      openingBalance: v.openingBalance,
      gstin: v.gstin,
      registrationType: v.registrationType,
      panNumber: v.panNumber,
      creditPeriod: v.creditPeriod,
      creditLimit: v.creditLimit,
      billingAddress: {
        type: hasShipping ? 'BILLING' : 'BOTH',
        miscData: { ad: v.billingStreet, st: v.billingState, pin: v.billingPin },
      },
      shippingAddress: hasShipping
        ? { type: 'SHIPPING', miscData: { ad: v.shippingStreet, st: v.shippingState, pin: v.shippingPin } }
        : undefined,
    },
    category: v.category,
  });
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  return z.NEVER;
});

const ADDRESS_COLUMNS: Record<string, Record<string, PartyColumn>> = {
  billingAddress: { ad: 'billingStreet', st: 'billingState', pin: 'billingPin' },
  shippingAddress: { ad: 'shippingStreet', st: 'shippingState', pin: 'shippingPin' },
};
const PARTY_FIELD_COLUMNS: Record<string, PartyColumn> = {
  name: 'name',
  partyType: 'partyType',
  mobileNumber: 'mobileNumber',
  email: 'email',
  openingBalance: 'openingBalance',
  gstin: 'gstin',
  registrationType: 'registrationType',
  panNumber: 'panNumber',
  creditPeriod: 'creditPeriod',
  creditLimit: 'creditLimit',
};

/** ['party', 'billingAddress', 'miscData', 'pin'] -> 'billingPin'. */
export function partyColumnOf(path: readonly PropertyKey[]): PartyColumn | undefined {
  if (path[0] === 'category') return 'category';
  if (path[0] !== 'party') return undefined;
  const field = String(path[1]);
  if (ADDRESS_COLUMNS[field]) return ADDRESS_COLUMNS[field][String(path[3])];
  return PARTY_FIELD_COLUMNS[field];
}

const nameKey = (name: string | undefined) => name?.trim().replace(/\s+/g, ' ').toLowerCase();

export interface PartyImportContext {
  businessId: string;
  now: Date;
}

export const partyImport: ImportSpec<PartyColumn, PartyImportRow, PartyImportContext> = {
  tables: ['parties', 'party_addresses'],
  noun: { one: 'party', many: 'parties' },
  columns: PARTY_IMPORT_COLUMNS,
  schema: PartyImportRowSchema,
  columnOf: partyColumnOf,
  uniqueWithinFile: [{ column: 'name', key: (v) => nameKey(v.name) }],
  lock: (tx, ctx) => lockBusinessParties(tx, ctx.businessId),
  check: async (tx, rows, ctx) => {
    if (rows.length === 0) return [];
    const lowered = rows.map((r) => r.row.party.name.toLowerCase());
    const taken = await tx
      .select({ name: sql<string>`lower(${parties.name})` })
      .from(parties)
      .where(sql`${parties.businessId} = ${ctx.businessId} and lower(${parties.name}) = any(${sql.param(lowered)}::text[])`);
    const clash = new Set(taken.map((r) => r.name));
    return rows
      .filter((r) => clash.has(r.row.party.name.toLowerCase()))
      .map((r) => ({ rowNumber: r.rowNumber, column: 'name' as const, message: `A party named ${r.row.party.name} already exists` }));
  },
  insert: async (tx, rows, ctx) => {
    const categoryOf = await resolveCategories(tx, partyCategories, ctx, rows.map((r) => r.row.category));
    await insertParties(
      tx,
      ctx.businessId,
      rows.map((r) => ({ id: randomUUID(), input: { ...r.row.party, categoryId: categoryOf(r.row.category) } })),
      ctx.now,
    );
  },
};
