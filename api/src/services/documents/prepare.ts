import {
  OVERSEAS_STATE_CODE,
  addDays,
  isZeroRatedParty,
  lutValidOn,
  type ExportType,
  isRateInForce,
  isRateWithdrawn,
  type DocumentAddress,
  type DocumentBranch,
  type DocumentDiscountRequest,
  type DocumentLineRequest,
  type DocumentParty,
  type Party,
  type PartyAddress,
  type SellerRegistrationType,
  type Taxability,
  type WalkInCustomer,
} from '@bahi/shared/contracts';
import {
  GstInputError,
  computeDocument,
  normalizeGstRate,
  placeOfSupplyFor,
  supplierStateOf,
  supplyTypeOf,
  type GstDocumentResult,
  type GstLineInput,
  type SupplyType,
} from '@bahi/shared/gst';
import { stateName } from '@bahi/shared/india';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { items, storeBranches, taxRates, units } from '../../db/schema';
import { HttpError, badRequest, conflict } from '../../errors';
import type { AuthContext } from '../auth/sessions';
import { defaultBranchRow, findBranchRow } from '../branches';
import { ITEM_NOT_FOUND } from '../item/items';
import { PARTY_NOT_FOUND, findPartyRow, requirePartyType, toParty } from '../party';
import { displayDate } from '../pdf/format';
import { businessLut } from '../reports/settings';
import { defaultInvoicePrefix } from './numbering';
import { UUID } from '../../db/ids';

/*
 * What every document (sale invoice, quotation, purchase bill) does before it is saved, in the saving
 * transaction: find the branch and the party, resolve each line against its item (defaults, units, serials), decide
 * the place of supply and the supply type, and compute every figure with the GST engine. Nothing a client sends as
 * a total is read.
 */

export const BRANCH_NOT_FOUND = 'Branch not found';

/**
 * Which way goods go: SALE (sale invoices, quotations: the branch supplies the party) or PURCHASE (the party supplies
 * the branch). It decides the defaults of a line (sale or purchase price and tax type) and who the supplier is.
 */
export type DocumentSide = 'SALE' | 'PURCHASE';

/** What a document service needs from the request: the database, the session, the time. */
export interface DocumentContext {
  db: Db;
  auth: AuthContext;
  now: Date;
}

type BranchRow = typeof storeBranches.$inferSelect;

/** One request line as the contract hands it over (decimal strings, checked). */
export type LineInput = z.output<typeof DocumentLineRequest>;

export interface ResolvedLine {
  lineNo: number;
  /** Position in the request, for error fields ('lines.2.quantity'). */
  index: number;
  itemId: string;
  itemName: string;
  itemType: 'PRODUCT' | 'SERVICE';
  hasSerialisation: boolean;
  hsnSac: string | null;
  description: string | null;
  /** Three decimals: '2.500'. */
  quantity: string;
  unit: string | null;
  /** Two decimals. */
  unitPrice: string;
  priceIncludesTax: boolean;
  discountPercent: string | null;
  discountAmount: string | null;
  gstRateId: string;
  /** As GST_RATES writes it: '18'. */
  gstRate: string;
  cessRate: string;
  cessPerUnit: string;
  /** The item's taxability at issue; a taxable line at 0 % is nil-rated. */
  taxability: Taxability;
  /** The days the line's rate is in force (null: open), and whether the law keeps the item at a withdrawn rate. */
  rateValidFrom: string | null;
  rateValidTo: string | null;
  keepsWithdrawnRate: boolean;
  serialNos: string[];
}

export interface PreparedDocument {
  branch: BranchRow;
  /** How the supplier is registered (a sale's branch; a purchase's: always REGULAR, the rates are the supplier's). */
  registrationType: SellerRegistrationType;
  /** A discount on the whole document as given: a percentage (null for an amount). */
  discountPercent: string | null;
  branchSnapshot: DocumentBranch;
  party: Party | null;
  partySnapshot: DocumentParty | null;
  placeOfSupply: string;
  supplyType: SupplyType;
  /** A zero-rated sale (to an SEZ, or an export): with or without payment of IGST; null for any other. */
  exportType: ExportType | null;
  /** An export (place of supply 96), not a supply to an SEZ. */
  isExport: boolean;
  /** Without payment: the LUT it goes under. */
  lutNumber: string | null;
  roundOff: boolean;
  lines: ResolvedLine[];
  figures: GstDocumentResult;
  /** The prefix its number would take from the branch (sales). */
  invoicePrefix: string;
}

/**
 * The session's active branch, else the default one (undefined when the business has none). A user limited to some
 * branches has one of theirs active (sessions.ts), and never falls back to the default.
 */
export const activeOrDefaultBranch = async (db: Db | Tx, auth: AuthContext): Promise<BranchRow | undefined> =>
  (auth.activeBranchId ? await findBranchRow(db, auth.businessId, auth.activeBranchId) : undefined) ??
  (auth.user.branchIds === null ? await defaultBranchRow(db, auth.businessId) : undefined);

/** The request's branch, else the session's active one, else the default one. */
export async function documentBranch(tx: Tx, auth: AuthContext, branchId: string | undefined): Promise<BranchRow> {
  if (branchId !== undefined) {
    const row = await findBranchRow(tx, auth.businessId, branchId);
    if (!row) throw new HttpError(404, BRANCH_NOT_FOUND, 'branchId');
    return row;
  }
  const row = await activeOrDefaultBranch(tx, auth);
  if (!row) throw conflict('Create a store branch first: documents are issued by a branch.', 'branchId');
  return row;
}

/** The party as it is now (no balance: a document does not need it). */
async function documentParty(tx: Tx, businessId: string, partyId: string | undefined): Promise<Party | null> {
  if (partyId === undefined) return null;
  const row = await findPartyRow(tx, businessId, partyId);
  if (!row) throw new HttpError(404, PARTY_NOT_FOUND, 'partyId');
  return toParty(row.party, row.categoryName, row.addresses ?? []);
}

const addressOfParty = (a: PartyAddress | null): DocumentAddress | null =>
  a
    ? { street: a.miscData.ad, city: null, stateCode: a.miscData.stateCode, state: a.miscData.st, pin: a.miscData.pin }
    : null;

export function partySnapshotOf(party: Party | null, customer: z.output<typeof WalkInCustomer> | undefined): DocumentParty | null {
  if (party) {
    return {
      id: party.id,
      name: party.name,
      mobileNumber: party.mobileNumber,
      email: party.email,
      gstin: party.gstin,
      registrationType: party.registrationType,
      billingAddress: addressOfParty(party.billingAddress),
      shippingAddress: addressOfParty(party.shippingAddress),
    };
  }
  if (!customer) return null;
  return {
    id: null,
    name: customer.name,
    mobileNumber: customer.mobileNumber ?? null,
    email: null,
    gstin: null,
    registrationType: null,
    billingAddress: null,
    shippingAddress: null,
  };
}

/**
 * How a branch issues: under its own GSTIN's registration, else the business's (gst-rules.md "Registration types").
 */
export const registrationOfBranch = (branch: BranchRow, business: AuthContext['business']): SellerRegistrationType =>
  branch.gstin ? (branch.registrationType ?? 'REGULAR') : business.registrationType;

export function branchSnapshotOf(branch: BranchRow, business: AuthContext['business'], supplierState: string): DocumentBranch {
  return {
    id: branch.id,
    name: branch.name,
    businessName: business.name,
    // A GSTIN belongs to one state: the business's serves a branch without its own only in that state.
    gstin: branch.gstin ?? (business.gstin && business.gstin.startsWith(supplierState) ? business.gstin : null),
    phone: branch.phone,
    email: branch.email,
    address: {
      street: branch.street,
      city: branch.city,
      stateCode: branch.stateCode,
      state: stateName(branch.stateCode) ?? null,
      pin: branch.pin,
    },
    stateCode: supplierState,
    registrationType: registrationOfBranch(branch, business),
  };
}

const TAXABILITY_WORDS: Record<Exclude<Taxability, 'TAXABLE'>, string> = {
  NIL_RATED: 'nil-rated',
  EXEMPT: 'exempt',
  NON_GST: 'outside GST',
};

/**
 * A document uses the GST rates in force on its date: a line whose rate was withdrawn by then (12 %, 28 % and cess
 * from 22-09-2025) is refused with 422 naming the line and the item, unless the law keeps that item at it (tobacco,
 * pan masala); a rate not yet in force (40 % before 22-09-2025) is refused likewise.
 */
export function requireRatesInForce(lines: ResolvedLine[], date: string): void {
  for (const l of lines) {
    const rate = { validFrom: l.rateValidFrom, validTo: l.rateValidTo };
    if (isRateInForce(rate, date) || (l.keepsWithdrawnRate && isRateWithdrawn(rate, date))) continue;
    const label = `GST @ ${l.gstRate}%${Number(l.cessRate) ? ` + cess @ ${Number(l.cessRate)}` : ''}`;
    const why = isRateWithdrawn(rate, date)
      ? `was withdrawn on ${displayDate(addDays(rate.validTo!, 1))}`
      : `is in force from ${displayDate(rate.validFrom!)}`;
    throw new HttpError(
      422,
      `Line ${l.lineNo} (${l.itemName}): ${label} ${why}; choose a rate in force on ${displayDate(date)}`,
      `lines.${l.index}.gstRateId`,
    );
  }
}

const hasFraction = (quantity: string) => !/\.0*$/.test(quantity);

/**
 * Each line against its item: defaults from the item, whole quantities where the unit wants them, serials. A seller
 * that may not collect tax (`chargesNoTax`: composition, unregistered) sells at 0 %, and a rate sent is refused.
 */
async function resolveLines(tx: Tx, businessId: string, lines: LineInput[], side: DocumentSide, chargesNoTax = false): Promise<ResolvedLine[]> {
  const ids = [...new Set(lines.map((l) => l.itemId))];
  const known = ids.filter((id) => UUID.test(id));
  const rows = known.length
    ? await tx
        .select({ item: items, unitAllowsFraction: units.allowsFraction })
        .from(items)
        .leftJoin(units, eq(units.id, items.unitId))
        .where(and(eq(items.businessId, businessId), sql`${items.id} = any(${sql.param(known)}::uuid[])`))
    : [];
  const byId = new Map(rows.map((r) => [r.item.id, r]));
  const rates = new Map((await tx.select().from(taxRates)).map((r) => [r.id, r]));
  const noTaxRate = [...rates.values()].find((r) => Number(r.value) === 0 && Number(r.cessValue) === 0 && Number(r.cessPerUnit) === 0);

  return lines.map((line, index): ResolvedLine => {
    const field = (name: string) => `lines.${index}.${name}`;
    const found = byId.get(line.itemId);
    if (!found) throw new HttpError(404, ITEM_NOT_FOUND, field('itemId'));
    const { item } = found;
    const product = item.itemType === 'PRODUCT';

    if (hasFraction(line.quantity) && !found.unitAllowsFraction) {
      throw badRequest(`Quantity of ${item.name} must be a whole number${item.unitId ? ` (${item.unitId})` : ''}`, field('quantity'));
    }
    const unitPrice = line.unitPrice ?? (side === 'PURCHASE' ? (item.lastPurchasePrice ?? item.purchasePrice) : item.salePrice);
    if (unitPrice === null || unitPrice === undefined) {
      throw badRequest(`Enter the unit price of ${item.name}: it has no ${side === 'PURCHASE' ? 'purchase' : 'sale'} price`, field('unitPrice'));
    }

    if (chargesNoTax && line.gstRateId) {
      const sent = rates.get(line.gstRateId);
      if (!sent || Number(sent.value) !== 0 || Number(sent.cessValue) !== 0 || Number(sent.cessPerUnit) !== 0) {
        throw badRequest(
          `Line ${index + 1} (${item.name}): a bill of supply charges no GST (the seller is composition or unregistered); leave the GST rate out`,
          field('gstRateId'),
        );
      }
    }
    const gstRateId = chargesNoTax ? (noTaxRate?.id ?? 'gst-0') : (line.gstRateId ?? item.gstRateId);
    if (!gstRateId) throw badRequest(`Choose the GST rate of ${item.name}: it has none`, field('gstRateId'));
    const rate = chargesNoTax && !noTaxRate ? { value: '0', cessValue: '0', cessPerUnit: '0', validFrom: null, validTo: null } : rates.get(gstRateId);
    if (!rate) throw badRequest('Choose a GST rate from the list', field('gstRateId'));
    let gstRate: string;
    try {
      gstRate = normalizeGstRate(rate.value);
    } catch {
      throw badRequest(`GST @ ${rate.value}% is not a GST rate: choose another`, field('gstRateId'));
    }
    const untaxed = Number(rate.value) === 0 && Number(rate.cessValue) === 0 && Number(rate.cessPerUnit) === 0;
    if (item.taxability !== 'TAXABLE' && !untaxed) {
      throw badRequest(`${item.name} is ${TAXABILITY_WORDS[item.taxability]}: its GST rate is 0%`, field('gstRateId'));
    }

    const serialNos = line.serialNos ?? [];
    if (product && item.hasSerialisation) {
      const count = Number(line.quantity);
      if (serialNos.length !== count) {
        throw badRequest(`${item.name} is serialised: name ${count} serial ${count === 1 ? 'number' : 'numbers'}, one per unit`, field('serialNos'));
      }
      if (new Set(serialNos.map((s) => s.toUpperCase())).size !== serialNos.length) {
        throw badRequest('Serial numbers must be unique', field('serialNos'));
      }
    } else if (serialNos.length > 0) {
      throw badRequest(`${item.name} is not serialised: leave its serial numbers out`, field('serialNos'));
    }

    return {
      lineNo: index + 1,
      index,
      itemId: item.id,
      itemName: item.name,
      itemType: item.itemType,
      hasSerialisation: product && item.hasSerialisation,
      hsnSac: (product ? item.hsnCode : item.sacCode) ?? null,
      description: line.description ?? null,
      quantity: line.quantity,
      unit: item.unitId,
      unitPrice: String(unitPrice),
      priceIncludesTax: line.priceIncludesTax ?? (side === 'PURCHASE' ? item.isPurchaseTaxApplicable : item.isSaleTaxApplicable),
      discountPercent: line.discountPercent ?? null,
      discountAmount: line.discountAmount ?? null,
      gstRateId,
      gstRate,
      cessRate: rate.cessValue,
      cessPerUnit: rate.cessPerUnit,
      taxability: item.taxability !== 'TAXABLE' ? item.taxability : untaxed ? 'NIL_RATED' : 'TAXABLE',
      rateValidFrom: rate.validFrom,
      rateValidTo: rate.validTo,
      keepsWithdrawnRate: item.keepsWithdrawnRate,
      serialNos,
    };
  });
}

/** A GstInputError names an input of the engine: answered as a 400 at that field. */
export function engineInputError(e: unknown): never {
  if (e instanceof GstInputError) throw badRequest(e.message, e.field);
  throw e;
}

export function computeFigures(
  supplyType: SupplyType,
  roundOff: boolean,
  lines: ResolvedLine[],
  reverseCharge = false,
  discount?: DocumentDiscountRequest | null,
  withoutPayment = false,
): GstDocumentResult {
  const input: GstLineInput[] = lines.map((l) => ({
    quantity: l.quantity,
    unitPrice: l.unitPrice,
    priceIncludesTax: l.priceIncludesTax,
    discountPercent: l.discountPercent,
    discountAmount: l.discountAmount,
    gstRate: l.gstRate,
    cessRate: l.cessRate,
    cessPerUnit: l.cessPerUnit,
    hsnSac: l.hsnSac,
    unit: l.unit,
  }));
  try {
    return computeDocument({ supplyType, roundOff, reverseCharge, lines: input, discount, withoutPayment });
  } catch (e) {
    return engineInputError(e);
  }
}

export interface DocumentBody {
  partyId?: string;
  customer?: z.output<typeof WalkInCustomer>;
  branchId?: string;
  placeOfSupply?: string;
  roundOff?: boolean;
  /** Purchases: the tax is the buyer's to pay (reverse charge). */
  reverseCharge?: boolean;
  /** A discount on the whole document, shared among the lines before tax. */
  discount?: { percent?: string; amount?: string };
  /** A sale to an SEZ or overseas party: with or without payment of IGST (default: by the LUT on `date`). */
  exportType?: ExportType;
  /** The document's date: the LUT must be valid on it (absent: any LUT the business has counts). */
  date?: string;
  lines: LineInput[];
}

/**
 * Whether a sale is zero-rated and how (gst-rules.md "Exports and SEZ"): to an SEZ or overseas party, or with the
 * place of supply 96, a REGULAR seller supplies with payment of IGST, or without it under an LUT valid on the
 * document's date (the default when there is one). A WITHOUT_PAYMENT asked for without such an LUT is refused with
 * 422; an export type for any other sale with 400.
 */
async function zeroRating(
  tx: Tx,
  businessId: string,
  input: { zeroRated: boolean; sellerRegular: boolean; exportType?: ExportType; date?: string },
): Promise<{ exportType: ExportType | null; lutNumber: string | null }> {
  if (!input.zeroRated || !input.sellerRegular) {
    if (input.exportType !== undefined) {
      throw badRequest(
        input.sellerRegular
          ? 'Export type is for a sale to an SEZ or overseas party only'
          : 'A bill of supply charges no tax: export type does not apply (the seller is composition or unregistered)',
        'exportType',
      );
    }
    return { exportType: null, lutNumber: null };
  }
  const lut = await businessLut(tx, businessId);
  const valid = input.date === undefined ? !!lut : lutValidOn(lut, input.date);
  const exportType = input.exportType ?? (valid ? 'WITHOUT_PAYMENT' : 'WITH_PAYMENT');
  if (exportType === 'WITHOUT_PAYMENT' && !valid) {
    const on = input.date ? ` on ${displayDate(input.date)}` : '';
    throw new HttpError(
      422,
      lut
        ? `The letter of undertaking ${lut.number} is valid from ${displayDate(lut.validFrom)} to ${displayDate(lut.validTo)}, not${on}: supply with payment of IGST (WITH_PAYMENT), or record the LUT in force in GST settings`
        : `A zero-rated supply without payment of IGST needs a letter of undertaking valid${on}: record it in GST settings, or supply with payment of IGST (WITH_PAYMENT)`,
      'exportType',
    );
  }
  return { exportType, lutNumber: exportType === 'WITHOUT_PAYMENT' ? lut!.number : null };
}

/** Branch, party, lines, place of supply, supply type and every figure of a document about to be saved. */
export async function prepareDocument(tx: Tx, auth: AuthContext, body: DocumentBody, side: DocumentSide = 'SALE'): Promise<PreparedDocument> {
  const branch = await documentBranch(tx, auth, body.branchId);
  const party = await documentParty(tx, auth.businessId, body.partyId);
  if (party) requirePartyType(party, side);
  // A purchase is taxed at its supplier's rates, whatever the buyer's registration.
  const registrationType = side === 'SALE' ? registrationOfBranch(branch, auth.business) : 'REGULAR';
  const lines = await resolveLines(tx, auth.businessId, body.lines, side, registrationType !== 'REGULAR');

  const branchState = supplierStateOf({ gstin: branch.gstin, stateCode: branch.stateCode }, auth.business);
  if (!branchState) {
    throw conflict(`Set the state of ${branch.name} (its GSTIN or its address) before issuing documents from it`, 'branchId');
  }
  // A purchase: the party supplies (its GSTIN's state, else its billing address's, else taken to be the branch's),
  // and the goods are received at the branch.
  const supplierState =
    side === 'PURCHASE'
      ? (supplierStateOf({ gstin: party?.gstin, stateCode: party?.billingAddress?.miscData.stateCode }, { stateCode: branchState }) ?? branchState)
      : branchState;
  // A party abroad is supplied in Other Country (96): an export, whatever else is sent.
  const overseas = side === 'SALE' && party?.registrationType === 'OVERSEAS';
  if (overseas && body.placeOfSupply !== undefined && body.placeOfSupply !== OVERSEAS_STATE_CODE) {
    throw badRequest(`${party.name} is overseas: the place of supply of an export is 96 (Other Country)`, 'placeOfSupply');
  }
  const placeOfSupply =
    (overseas ? OVERSEAS_STATE_CODE : undefined) ??
    body.placeOfSupply ??
    (side === 'PURCHASE' ? branchState : undefined) ??
    placeOfSupplyFor({
      supplierState,
      isService: lines.every((l) => l.itemType === 'SERVICE'),
      party: party
        ? {
            gstin: party.gstin,
            billingStateCode: party.billingAddress?.miscData.stateCode ?? null,
            shippingStateCode: party.shippingAddress?.miscData.stateCode ?? null,
          }
        : null,
    }).stateCode;
  const isExport = side === 'SALE' && placeOfSupply === OVERSEAS_STATE_CODE;
  const zeroRated = side === 'SALE' && (isExport || isZeroRatedParty(party?.registrationType));
  const { exportType, lutNumber } = await zeroRating(tx, auth.businessId, {
    zeroRated,
    sellerRegular: registrationType === 'REGULAR',
    exportType: body.exportType,
    date: body.date,
  });
  let supplyType: SupplyType;
  try {
    // A supply to an SEZ and an export are always inter-state (IGST).
    supplyType = supplyTypeOf({ supplierState, placeOfSupply, sez: exportType !== null });
  } catch (e) {
    return engineInputError(e);
  }
  const roundOff = body.roundOff ?? true;
  return {
    branch,
    registrationType,
    discountPercent: body.discount?.amount === undefined ? (body.discount?.percent ?? null) : null,
    branchSnapshot: branchSnapshotOf(branch, auth.business, branchState),
    party,
    partySnapshot: partySnapshotOf(party, body.customer),
    placeOfSupply,
    supplyType,
    exportType,
    isExport: exportType !== null && isExport,
    lutNumber,
    roundOff,
    lines,
    figures: computeFigures(supplyType, roundOff, lines, body.reverseCharge ?? false, body.discount, exportType === 'WITHOUT_PAYMENT'),
    invoicePrefix: branch.invoicePrefix ?? defaultInvoicePrefix(branch.name),
  };
}
