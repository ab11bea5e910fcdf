import { z } from 'zod';
import {
  INDIAN_STATES,
  isStateCode,
  isValidGstin,
  isValidPan,
  isValidUin,
  GSTIN_MESSAGES,
  gstinProblem,
  panFromGstin,
  stateCodeFromGstin,
  stateName,
} from '../india';
import { MONEY_BOUNDS, SIGNED_MONEY_BOUNDS, type NumberBounds } from './bounds';
import { Email, Id, MobileNumber, PageMeta, PageNumber, PageSize, Pan, Pin, PersonName, SearchText, ok } from './common';
import { Money, MoneyString, MoneySumString, SignedMoney } from './money';

/*
 * Parties. Field names are the seed's, misspellings included (`partyCatagory`, `catagory`).
 *
 * Decisions of this contract:
 * - Money (openingBalance, creditLimit) is a decimal STRING with two places in every answer ('1500.00'), exactly
 *   what numeric(14,2) holds, so no client ever does float arithmetic on it. Requests take a string or a JSON
 *   number with at most 2 decimals ('1,500.5' and 1500.5 are both fine); either is stored exactly.
 * - An address is `{ id, type, miscData: { ad, st, pin, stateCode } }`. `miscData.st` is the state as users see it,
 *   its NAME ('Maharashtra'), so the seed's "street, state, pin" reads right; `miscData.stateCode` adds the GST
 *   state code ('27') that the GSTIN rule and tax code need. In a request `st` may be the name (any case) or the
 *   code, and `stateCode` is not needed.
 * - One address can serve both: billingAddress.type BOTH, and then shippingAddress is that same address (same id).
 * - Empty strings and null in a request mean "not given"; answers use null for what is not known.
 */

/** BOTH: a firm the business sells to and buys from; it counts as a customer and as a supplier. */
export const PARTY_TYPES = ['CUSTOMER', 'SUPPLIER', 'BOTH'] as const;
export const PartyType = z.enum(PARTY_TYPES);
export type PartyType = z.infer<typeof PartyType>;

/** How a party type reads: 'Customer', 'Supplier', 'Customer & Supplier'. */
export const PARTY_TYPE_LABELS: Record<PartyType, string> = { CUSTOMER: 'Customer', SUPPLIER: 'Supplier', BOTH: 'Customer & Supplier' };

/** The types of the parties that are of `type`: a customer is CUSTOMER or BOTH, a supplier SUPPLIER or BOTH. */
export const partyTypesMatching = (type: PartyType): PartyType[] => (type === 'BOTH' ? ['BOTH'] : [type, 'BOTH']);

/**
 * How a party is registered under GST (gst-rules.md "Registration types"): REGULAR and COMPOSITION have a GSTIN
 * (B2B); UNREGISTERED and CONSUMER have none (B2C); SEZ (a unit or developer in a special economic zone) has a
 * GSTIN and is always inter-state; OVERSEAS (a buyer abroad: an export) has none and its place of supply is 96,
 * Other Country; UIN (an embassy, consulate or UN body) has a UIN in place of a GSTIN and is reported like B2B.
 */
export const PARTY_REGISTRATION_TYPES = ['REGULAR', 'COMPOSITION', 'UNREGISTERED', 'CONSUMER', 'SEZ', 'OVERSEAS', 'UIN'] as const;
export const PartyRegistrationType = z.enum(PARTY_REGISTRATION_TYPES);
export type PartyRegistrationType = z.infer<typeof PartyRegistrationType>;

/** How each registration type reads on the party screen. */
export const PARTY_REGISTRATION_LABELS: Record<PartyRegistrationType, string> = {
  REGULAR: 'Registered (regular GSTIN)',
  COMPOSITION: 'Registered (composition dealer)',
  UNREGISTERED: 'Unregistered business',
  CONSUMER: 'Consumer',
  SEZ: 'SEZ unit or developer',
  OVERSEAS: 'Overseas (export)',
  UIN: 'UIN holder (embassy, UN body)',
};

/** The types that need a GSTIN (UIN: its UIN, in the same field); the others have none. */
export const registrationNeedsGstin = (type: PartyRegistrationType): boolean =>
  type === 'REGULAR' || type === 'COMPOSITION' || type === 'SEZ' || type === 'UIN';

/** A sale to these is zero-rated: to an SEZ, or an export. */
export const isZeroRatedParty = (type: PartyRegistrationType | null | undefined): boolean => type === 'SEZ' || type === 'OVERSEAS';

/** The place of supply (and address state) of a party abroad: 96, Other Country. */
export const OVERSEAS_STATE_CODE = '96';

export const ADDRESS_TYPES = ['BILLING', 'SHIPPING', 'BOTH'] as const;
export const AddressType = z.enum(ADDRESS_TYPES);
export type AddressType = z.infer<typeof AddressType>;

/** Limits the API enforces (and the form mirrors). */
export const PARTY_LIMITS = {
  name: 100,
  street: 250,
  category: 60,
  creditPeriodDays: 3650,
  email: 120,
} as const;

/** null, undefined and blank strings mean "not given". */
const blank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');
const maybe = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (blank(v) ? undefined : v), schema.optional());

const STATE_BY_NAME = new Map(INDIAN_STATES.map((s) => [s.name.toLowerCase(), s.code]));

/** 'Maharashtra', 'maharashtra', '27' and 27 (a spreadsheet number) all name state 27; anything else is kept as is. */
export function resolveStateCode(value: string | number): string {
  const text = String(value).trim();
  if (/^[0-9]{1,2}$/.test(text) && isStateCode(text.padStart(2, '0'))) return text.padStart(2, '0');
  return STATE_BY_NAME.get(text.toLowerCase().replace(/\s+/g, ' ')) ?? text;
}

export const STATE_MESSAGE = 'Choose a valid state';
const StateRef = z
  .union([z.string(), z.number()], { error: STATE_MESSAGE })
  .transform(resolveStateCode)
  .refine(isStateCode, STATE_MESSAGE);

/** Pasted numbers carry spaces, dashes, +91 or a leading 0: the stored form is the 10 digits. */
export function normalizeMobile(value: unknown): unknown {
  if (typeof value !== 'string' && typeof value !== 'number') return value;
  const compact = String(value).replace(/[\s().-]/g, '');
  if (/^\+?91[0-9]{10}$/.test(compact)) return compact.slice(-10);
  if (/^0[0-9]{10}$/.test(compact)) return compact.slice(1);
  return compact;
}

/** The number fields of a party, as the rules below check them and the form bounds them. */
export const PARTY_BOUNDS = {
  openingBalance: SIGNED_MONEY_BOUNDS,
  creditPeriod: { min: 0, max: PARTY_LIMITS.creditPeriodDays, decimals: 0 },
  creditLimit: MONEY_BOUNDS,
} satisfies Record<string, NumberBounds>;

export const CREDIT_PERIOD_MESSAGE = 'Credit period must be a whole number of days';
const CreditPeriod = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*-?[0-9]+(\.[0-9]+)?\s*$/.test(v) ? Number(v) : v),
  z
    .number({ error: CREDIT_PERIOD_MESSAGE })
    .int(CREDIT_PERIOD_MESSAGE)
    .min(PARTY_BOUNDS.creditPeriod.min, 'Credit period cannot be negative')
    .max(PARTY_BOUNDS.creditPeriod.max, `Credit period can be at most ${PARTY_BOUNDS.creditPeriod.max} days`),
);

/** 'customer', 'Both' and 'Customer & Supplier' (as a spreadsheet or the party screen writes it) all name a type. */
const partyTypeOf = (v: unknown) => {
  if (typeof v !== 'string') return v;
  const text = v.trim().toUpperCase().replace(/\s+/g, ' ');
  return text === 'CUSTOMER & SUPPLIER' || text === 'CUSTOMER AND SUPPLIER' ? 'BOTH' : text;
};
const PartyTypeInput = z.preprocess(
  partyTypeOf,
  z.enum(PARTY_TYPES, {
    error: (issue) => (issue.input === undefined ? 'Party type is required' : 'Party type must be CUSTOMER, SUPPLIER or BOTH'),
  }),
);

export const CATEGORY_MESSAGE = 'Choose a party category from the list';
/** The category's id; `{ id, catagory }` as read from the API is accepted too. */
const CategoryRef = z.preprocess(
  (v) => (v && typeof v === 'object' && 'id' in v ? (v as { id: unknown }).id : v),
  z.string({ error: CATEGORY_MESSAGE }).trim().uuid(CATEGORY_MESSAGE),
);

const AddressInput = z.object({
  type: maybe(AddressType),
  miscData: z
    .object({
      ad: maybe(z.string().trim().max(PARTY_LIMITS.street, `Address must be at most ${PARTY_LIMITS.street} characters`)),
      st: maybe(StateRef),
      pin: maybe(z.union([z.string(), z.number()]).transform(String).pipe(Pin)),
    })
    .optional()
    .default({}),
});
type AddressOut = z.output<typeof AddressInput>;
const isEmptyAddress = (a: AddressOut | undefined) => !a || (!a.miscData.ad && !a.miscData.st && !a.miscData.pin);

/** 'sez', 'Overseas' and 'Composition dealer'... as a spreadsheet writes them: upper case, words joined by '_'. */
const RegistrationTypeInput = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toUpperCase().replace(/[^A-Z]+/g, '_').replace(/^_|_$/g, '') : v),
  z.enum(PARTY_REGISTRATION_TYPES, { error: `Registration type must be one of ${PARTY_REGISTRATION_TYPES.join(', ')}` }),
);

/** Upper case, no spaces; checked as a GSTIN or a UIN by the party's registration type. */
const GstinOrUin = z.string().trim().toUpperCase().max(15, GSTIN_MESSAGES.format);

const partyFields = {
  name: PersonName('Party name', PARTY_LIMITS.name),
  partyType: PartyTypeInput,
  /** Default: REGULAR with a GSTIN, UNREGISTERED without. */
  registrationType: maybe(RegistrationTypeInput),
  mobileNumber: maybe(z.preprocess(normalizeMobile, MobileNumber)),
  email: maybe(Email.pipe(z.string().max(PARTY_LIMITS.email, 'Email is too long'))),
  partyCatagory: maybe(CategoryRef),
  openingBalance: maybe(SignedMoney('Opening balance')),
  /** A GSTIN; for a UIN holder its UIN. */
  gstin: maybe(GstinOrUin),
  panNumber: maybe(Pan),
  creditPeriod: maybe(CreditPeriod),
  creditLimit: maybe(Money('Credit limit')),
  billingAddress: maybe(AddressInput),
  shippingAddress: maybe(AddressInput),
};

export interface PartyAddressFields {
  /** Street, building, area. */
  ad: string | null;
  /** The state's code (after validation). */
  st: string | null;
  pin: string | null;
}

/** A validated party, ready to store: what the API's services receive. */
export interface PartyInput {
  name: string;
  partyType: PartyType;
  mobileNumber: string | null;
  email: string | null;
  categoryId: string | null;
  openingBalance: string | null;
  gstin: string | null;
  registrationType: PartyRegistrationType;
  panNumber: string | null;
  creditPeriod: number | null;
  creditLimit: string | null;
  billing: PartyAddressFields | null;
  /** null with `shippingSameAsBilling` or when no shipping address is known. */
  shipping: PartyAddressFields | null;
  shippingSameAsBilling: boolean;
}

const addressFields = (a: AddressOut): PartyAddressFields => ({
  ad: a.miscData.ad ?? null,
  st: a.miscData.st ?? null,
  pin: a.miscData.pin ?? null,
});

type PartyFieldsOut = Partial<{
  registrationType: PartyRegistrationType;
  gstin: string;
  billingAddress: AddressOut;
  shippingAddress: AddressOut;
}>;

/**
 * The GSTIN (or UIN) a registration type needs, and where an overseas party is: REGULAR, COMPOSITION and SEZ need a
 * valid GSTIN, UIN a valid UIN; UNREGISTERED, CONSUMER and OVERSEAS have none. An overseas party's address is in
 * state 96 (Other Country), and only an overseas party's is.
 */
function refineRegistration(p: PartyFieldsOut, ctx: z.RefinementCtx) {
  const type = p.registrationType;
  const gstin = typeof p.gstin === 'string' ? p.gstin : undefined;
  if (gstin !== undefined) {
    if (type === 'UIN') {
      if (!isValidUin(gstin)) {
        ctx.addIssue({ code: 'custom', path: ['gstin'], message: 'UIN must be 15 characters: state code, year, three letters, five digits, two letters and a check character' });
      }
    } else {
      const problem = gstinProblem(gstin);
      if (problem) ctx.addIssue({ code: 'custom', path: ['gstin'], message: GSTIN_MESSAGES[problem] });
    }
  }
  for (const key of ['billingAddress', 'shippingAddress'] as const) {
    const st = p[key]?.miscData?.st;
    if (typeof st !== 'string' || !isStateCode(st)) continue;
    if (type === 'OVERSEAS' && st !== OVERSEAS_STATE_CODE) {
      ctx.addIssue({ code: 'custom', path: [key, 'miscData', 'st'], message: 'An overseas party is in Other Country (96): choose it as the state, or leave the state out' });
    }
    if (type !== 'OVERSEAS' && st === OVERSEAS_STATE_CODE) {
      ctx.addIssue({ code: 'custom', path: [key, 'miscData', 'st'], message: 'Other Country is the state of an overseas party: mark the party Overseas (export)' });
    }
  }
  if (!type) return;
  const label = PARTY_REGISTRATION_LABELS[type];
  if (registrationNeedsGstin(type) && gstin === undefined) {
    ctx.addIssue({ code: 'custom', path: ['gstin'], message: type === 'UIN' ? 'A UIN holder needs its UIN' : `A party registered as ${label} needs its GSTIN` });
  }
  if (!registrationNeedsGstin(type) && gstin !== undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['registrationType'],
      message: `A party with a GSTIN is not ${label}: choose Registered, Composition, SEZ or UIN, or remove the GSTIN`,
    });
  }
}

/**
 * Rules between fields: GSTIN against the billing state, PAN against the GSTIN. They run even when another field
 * failed (so a form or an import report names every problem at once), on the values that did parse.
 */
export const CreatePartyRequest = z
  .object(partyFields)
  .superRefine(
    (p, ctx) => {
      if (!p || typeof p !== 'object') return;
      refineRegistration(p, ctx);
      const uin = p.registrationType === 'UIN';
      const gstin = !uin && typeof p.gstin === 'string' && isValidGstin(p.gstin) ? p.gstin : undefined;
      const billingState = p.billingAddress?.miscData?.st;
      if (gstin && typeof billingState === 'string' && isStateCode(billingState) && stateCodeFromGstin(gstin) !== billingState) {
        const code = stateCodeFromGstin(gstin);
        ctx.addIssue({
          code: 'custom',
          path: ['gstin'],
          message: `GSTIN starts with ${code} (${stateName(code)}), which does not match the billing state (${stateName(billingState)})`,
        });
      }
      if (gstin && typeof p.panNumber === 'string' && isValidPan(p.panNumber) && panFromGstin(gstin) !== p.panNumber) {
        ctx.addIssue({
          code: 'custom',
          path: ['panNumber'],
          message: `PAN must be characters 3-12 of the GSTIN (${panFromGstin(gstin)})`,
        });
      }
    },
    { when: () => true },
  )
  .transform((p): PartyInput => {
    const billing = isEmptyAddress(p.billingAddress) ? null : addressFields(p.billingAddress!);
    const same = p.billingAddress?.type === 'BOTH';
    const shipping = same || isEmptyAddress(p.shippingAddress) ? null : addressFields(p.shippingAddress!);
    return {
      name: p.name,
      partyType: p.partyType,
      mobileNumber: p.mobileNumber ?? null,
      email: p.email ?? null,
      categoryId: p.partyCatagory ?? null,
      openingBalance: p.openingBalance ?? null,
      gstin: p.gstin ?? null,
      registrationType: p.registrationType ?? (p.gstin ? 'REGULAR' : 'UNREGISTERED'),
      // The PAN is part of the GSTIN: known whenever the GSTIN is (a UIN holds none).
      panNumber: p.panNumber ?? (p.gstin && p.registrationType !== 'UIN' ? panFromGstin(p.gstin) : null),
      creditPeriod: p.creditPeriod ?? null,
      creditLimit: p.creditLimit ?? null,
      billing,
      shipping,
      shippingSameAsBilling: same && !!billing,
    };
  });

/** An address as a client sends it; `st` is a state name or code. */
export interface PartyAddressRequest {
  type?: AddressType | null;
  miscData?: { ad?: string | null; st?: string | null; pin?: string | null };
}

/** The body of POST party/create and PUT party/update-party/:id (every field but id). */
export interface CreatePartyRequest {
  name: string;
  partyType: PartyType;
  mobileNumber?: string | null;
  email?: string | null;
  /** The category's id (or the `{ id, catagory }` object). */
  partyCatagory?: string | { id: string } | null;
  openingBalance?: string | number | null;
  /** Default: REGULAR with a GSTIN, UNREGISTERED without. */
  registrationType?: PartyRegistrationType | string | null;
  /** A GSTIN; a UIN holder's UIN. */
  gstin?: string | null;
  panNumber?: string | null;
  creditPeriod?: number | string | null;
  creditLimit?: string | number | null;
  /** type BOTH: the billing address is the shipping address too, and shippingAddress is ignored. */
  billingAddress?: PartyAddressRequest | null;
  shippingAddress?: PartyAddressRequest | null;
}
export const UpdatePartyRequest = CreatePartyRequest;
export type UpdatePartyRequest = CreatePartyRequest;

export const PartyCategory = z.object({ id: Id, catagory: z.string() });
export type PartyCategory = z.infer<typeof PartyCategory>;

export const PartyAddress = z.object({
  id: Id,
  type: AddressType,
  miscData: z.object({
    ad: z.string().nullable(),
    /** The state's name. */
    st: z.string().nullable(),
    pin: z.string().nullable(),
    /** The GST state code of `st`. */
    stateCode: z.string().nullable(),
  }),
});
export type PartyAddress = z.infer<typeof PartyAddress>;

export const Party = z.object({
  id: Id,
  name: z.string(),
  partyType: PartyType,
  mobileNumber: z.string().nullable(),
  email: z.string().nullable(),
  partyCatagory: PartyCategory.nullable(),
  openingBalance: MoneyString.nullable(),
  gstin: z.string().nullable(),
  /** How the party is registered under GST; its GSTIN (a UIN holder: its UIN) is `gstin`. */
  registrationType: PartyRegistrationType.default('UNREGISTERED'),
  panNumber: z.string().nullable(),
  /** Days. */
  creditPeriod: z.number().int().nullable(),
  creditLimit: MoneyString.nullable(),
  billingAddress: PartyAddress.nullable(),
  /** The billing address itself (same id) when it serves both. */
  shippingAddress: PartyAddress.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /**
   * What the party owes the business (negative: what the business owes it), two decimals: opening balance + sales −
   * payments received. Every answer of the API carries it.
   */
  balance: MoneySumString.optional(),
});
export type Party = z.infer<typeof Party>;

export const PARTY_PAGE_SIZE_MAX = 100;
export const PARTY_PAGE_SIZE_DEFAULT = 20;

/**
 * GET party/parties. Without page/pageSize every party is answered (the seed's call); with either, one page
 * and `meta`. q searches name, mobile number and GSTIN. partyType CUSTOMER (or SUPPLIER) includes the parties marked
 * BOTH; BOTH is only those.
 */
export const PartyListQuery = z.object({
  q: SearchText,
  partyType: z.preprocess((v) => (v === '' ? undefined : v), PartyType.optional()),
  categoryId: z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().max(40).optional()),
  page: PageNumber,
  pageSize: PageSize(PARTY_PAGE_SIZE_MAX),
});
/** The list's query as a client builds it. */
export interface PartyListQuery {
  q?: string;
  partyType?: PartyType;
  categoryId?: string;
  page?: number;
  pageSize?: number;
}

export const PartyListResponse = ok(z.array(Party)).extend({ meta: PageMeta.optional() });
export type PartyListResponse = z.infer<typeof PartyListResponse>;
export const PartyResponse = ok(Party);

export const CreatePartyCategoryRequest = z.object({
  catagory: z
    .string({ error: 'Category name is required' })
    .trim()
    .min(1, 'Category name is required')
    .max(PARTY_LIMITS.category, `Category name must be at most ${PARTY_LIMITS.category} characters`),
});
export type CreatePartyCategoryRequest = z.input<typeof CreatePartyCategoryRequest>;
export const PartyCategoryResponse = ok(PartyCategory);
export const PartyCategoryListResponse = ok(z.array(PartyCategory));

/** GET party/locations: the GST states and union territories. */
export const PartyLocation = z.object({ code: z.string(), name: z.string(), isUnionTerritory: z.boolean() });
export type PartyLocation = z.infer<typeof PartyLocation>;
export const PartyLocationsResponse = ok(z.array(PartyLocation));
