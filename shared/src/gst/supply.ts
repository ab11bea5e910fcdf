import { isStateCode } from '../india/states';
import { GstInputError } from './errors';
import type { PlaceOfSupplyReason, SupplyType } from './types';

/** The place of supply of an export (and of any supply to a buyer outside India): "Other Country". */
export const EXPORT_STATE_CODE = '96';

/** Union territories without a legislature: UTGST in place of SGST, a label only (gst-rules.md). */
const UTGST_STATES = new Set(['04', '26', '31', '35', '38']);

/** The label of the state half of an intra-state tax for this place of supply. */
export function stateTaxLabel(stateCode: string): 'SGST' | 'UTGST' {
  return UTGST_STATES.has(stateCode) ? 'UTGST' : 'SGST';
}

/** A known GST state code, or null: blank, unknown or malformed codes count as absent. */
function stateCode(code: string | null | undefined): string | null {
  const c = code?.trim();
  return c && isStateCode(c) ? c : null;
}

function gstinState(gstin: string | null | undefined): string | null {
  return stateCode(gstin?.trim().slice(0, 2));
}

function checkSupplierState(code: string): void {
  // 96 (Other Country) is a place of supply, never where a registered supplier is.
  if (!isStateCode(code) || code === EXPORT_STATE_CODE) {
    throw new GstInputError('supplierState', 'The branch has no GST state: set its GSTIN or its address state');
  }
}

/** The supplier's GST state: the branch GSTIN's first two digits, else the branch address state, else the business's (GSTIN, then state). */
export function supplierStateOf(
  branch: { gstin?: string | null; stateCode?: string | null },
  business: { gstin?: string | null; stateCode?: string | null },
): string | null {
  const found = [gstinState(branch.gstin), stateCode(branch.stateCode), gstinState(business.gstin), stateCode(business.stateCode)];
  return found.find((code) => code !== null && code !== EXPORT_STATE_CODE) ?? null;
}

/** Default place of supply (gst-rules.md "Who pays which tax"). isService: every line is a service. party null = walk-in. */
export function placeOfSupplyFor(input: {
  supplierState: string;
  isService: boolean;
  isExport?: boolean;
  party: null | { gstin?: string | null; billingStateCode?: string | null; shippingStateCode?: string | null };
}): { stateCode: string; reason: PlaceOfSupplyReason } {
  checkSupplierState(input.supplierState);
  if (input.isExport) return { stateCode: EXPORT_STATE_CODE, reason: 'EXPORT' };
  const { party } = input;
  if (!party) return { stateCode: input.supplierState, reason: 'WALK_IN' };
  const candidates: [string | null, PlaceOfSupplyReason][] = input.isService
    ? [
        [gstinState(party.gstin), 'PARTY_GSTIN'],
        [stateCode(party.billingStateCode), 'BILLING_ADDRESS'],
      ]
    : [
        [stateCode(party.shippingStateCode), 'SHIPPING_ADDRESS'],
        [stateCode(party.billingStateCode), 'BILLING_ADDRESS'],
        [gstinState(party.gstin), 'PARTY_GSTIN'],
      ];
  for (const [code, reason] of candidates) if (code) return { stateCode: code, reason };
  // A party with no address and no GSTIN: the supply is taken to be where the supplier is.
  return { stateCode: input.supplierState, reason: 'SUPPLIER_STATE' };
}

/** INTRA when POS = supplier state, else INTER; SEZ and export always INTER ('IGST on intra'); POS '96' = export. */
export function supplyTypeOf(input: { supplierState: string; placeOfSupply: string; sez?: boolean; isExport?: boolean }): SupplyType {
  checkSupplierState(input.supplierState);
  if (!isStateCode(input.placeOfSupply)) throw new GstInputError('placeOfSupply', 'Place of supply must be a GST state code');
  if (input.sez || input.isExport || input.placeOfSupply === EXPORT_STATE_CODE) return 'INTER';
  return input.placeOfSupply === input.supplierState ? 'INTRA' : 'INTER';
}
