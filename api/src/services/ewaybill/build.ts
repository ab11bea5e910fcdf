import {
  EWAY_BILL_JSON_VERSION,
  EWAY_BILL_MAX_ITEMS,
  type DocumentAddress,
  type EWayBillItemJson,
  type EWayBillJson,
  type EWayBillListJson,
  type SaleInvoice,
  type Transport,
} from '@bahi/shared/contracts';
import { fromPaise, toPaise } from '@bahi/shared/india';
import { cessParts, locationOf, pinOf, supplyTypeCodeOf } from '../einvoice/build';

/**
 * A sale invoice as one e-way bill of the portal's bulk-generation JSON (version 1.0.0621), field names as the
 * portal writes them. Every figure is the stored invoice's; nothing is recomputed.
 *
 * Choices:
 * - An outward supply (supplyType "O"): sub-type 1 (supply), or 3 (export) for a sale abroad; document type INV,
 *   or BIL for a bill of supply.
 * - From: the branch's address. To: the party's billing name and GSTIN ("URP" when unregistered) with its state as
 *   the place of supply; the goods go to the shipping address when it differs (then transType 2, bill-to ship-to,
 *   and the shipping state is actualToStateCode). An export goes to state 99 (other country), PIN 999999, and the
 *   goods to a port in the seller's state.
 * - totalValue is the taxable value; cessValue the ad valorem cess, TotNonAdvolVal the cess per unit; OthValue the
 *   round-off; totInvValue the grand total.
 * - A distance of 0 (the portal works it out from the PINs) is sent as 1.
 * - Beyond 250 lines, lines with the same HSN, unit and rates are one item (their quantities and values added).
 * - A value the invoice lacks is left empty ("" or null): the check (validate.ts) names it.
 */

const num = (money: string) => Number(money);
const clean = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();
const ddmmyyyy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
const stateNumber = (code: string | null | undefined) => (code && /^\d{1,2}$/.test(code) ? Number(code) : null);
const hsnNumber = (hsn: string | null | undefined) => (hsn && /^\d{1,8}$/.test(hsn.trim()) ? Number(hsn.trim()) : null);

const TRANS_MODE: Record<Transport['mode'], number> = { ROAD: 1, RAIL: 2, AIR: 3, SHIP: 4 };

/** Street split over the two address lines the portal has (120 characters each). */
function addressLines(a: DocumentAddress | null): [string, string] {
  const street = clean(a?.street);
  if (street.length <= 120) return [street, ''];
  const cut = street.lastIndexOf(',', 120);
  const at = cut > 0 ? cut + 1 : 120;
  return [street.slice(0, at).trim().replace(/,$/, ''), street.slice(at).trim().slice(0, 120)];
}

type Line = SaleInvoice['lines'][number];

interface ItemSums {
  name: string;
  description: string;
  hsn: string | null;
  unit: string;
  quantityMilli: bigint;
  taxable: number;
  gstRate: number;
  cessRate: number;
  cessPerUnit: number;
}

const quantityMilli = (q: string) => BigInt(Math.round(Number(q) * 1000));

function itemOf(line: Line): ItemSums {
  return {
    name: clean(line.itemName).slice(0, 100),
    description: clean(line.description || line.itemName).slice(0, 100),
    hsn: clean(line.hsnSac) || null,
    unit: clean(line.unit) || 'OTH',
    quantityMilli: quantityMilli(line.quantity),
    taxable: toPaise(line.taxableValue),
    gstRate: Number(line.gstRate),
    cessRate: Number(line.cessRate),
    cessPerUnit: Number(line.cessPerUnit),
  };
}

/** Lines with the same HSN, unit and rates as one item, in the order each group first appears. */
export function groupByHsn(items: ItemSums[]): ItemSums[] {
  const groups = new Map<string, ItemSums>();
  for (const it of items) {
    const key = [it.hsn, it.unit, it.gstRate, it.cessRate, it.cessPerUnit].join('|');
    const g = groups.get(key);
    if (!g) {
      groups.set(key, { ...it, name: it.hsn ? `HSN ${it.hsn}` : it.name, description: it.name });
      continue;
    }
    g.quantityMilli += it.quantityMilli;
    g.taxable += it.taxable;
    if (!g.description.includes(it.name)) g.description = `${g.description}, ${it.name}`.slice(0, 100);
  }
  return [...groups.values()];
}

/** The invoice's e-way bill (one entry of billLists), not yet checked. */
export function buildEWayBill(invoice: SaleInvoice): EWayBillListJson {
  const { branch, party, totals } = invoice;
  const transport = invoice.transport;
  const sellerState = branch.stateCode ?? branch.address.stateCode ?? branch.gstin?.slice(0, 2) ?? null;
  const isExport = supplyTypeCodeOf(invoice).startsWith('EXP');
  const inter = invoice.supplyType === 'INTER';
  const billing = party?.billingAddress ?? null;
  const shipping = party?.shippingAddress ?? null;
  const shipsElsewhere = !!shipping && JSON.stringify(shipping) !== JSON.stringify(billing);
  const destination = shipsElsewhere ? shipping : billing;
  const [fromAddr1, fromAddr2] = addressLines(branch.address);
  const [toAddr1, toAddr2] = addressLines(destination);

  const lines = invoice.lines.map(itemOf);
  const items = lines.length > EWAY_BILL_MAX_ITEMS ? groupByHsn(lines) : lines;
  const itemList: EWayBillItemJson[] = items.map((it, i) => ({
    itemNo: i + 1,
    productName: it.name,
    productDesc: it.description,
    hsnCode: hsnNumber(it.hsn),
    qtyUnit: it.unit,
    quantity: Number(it.quantityMilli) / 1000,
    taxableAmount: num(fromPaise(it.taxable)),
    sgstRate: inter ? 0 : it.gstRate / 2,
    cgstRate: inter ? 0 : it.gstRate / 2,
    igstRate: inter ? it.gstRate : 0,
    cessRate: it.cessRate,
    cessNonAdvol: it.cessPerUnit,
  }));
  // The main HSN: the goods of the largest value.
  const goods = invoice.lines.filter((l) => l.itemType !== 'SERVICE' && hsnNumber(l.hsnSac) !== null);
  const main = goods.reduce<Line | undefined>((best, l) => (!best || toPaise(l.taxableValue) > toPaise(best.taxableValue) ? l : best), undefined);

  let cessAdValorem = 0n;
  let cessNonAdValorem = 0n;
  for (const l of invoice.lines) {
    // A line that charged no cess (zero-rated without payment) splits none.
    const c = cessParts(l, toPaise(l.cess) === 0);
    cessAdValorem += c.adValorem;
    cessNonAdValorem += c.nonAdValorem;
  }

  return {
    userGstin: branch.gstin ?? '',
    supplyType: 'O',
    subSupplyType: isExport ? 3 : 1,
    subSupplyDesc: '',
    docType: invoice.documentTitle === 'BILL OF SUPPLY' ? 'BIL' : 'INV',
    docNo: invoice.invoiceNumber,
    docDate: ddmmyyyy(invoice.invoiceDate),
    transType: shipsElsewhere && !isExport ? 2 : 1,
    fromGstin: branch.gstin ?? '',
    fromTrdName: clean(branch.businessName).slice(0, 100),
    fromAddr1,
    fromAddr2,
    fromPlace: (locationOf(branch.address) ?? '').slice(0, 50),
    fromPincode: pinOf(branch.address) ?? null,
    fromStateCode: stateNumber(sellerState),
    actualFromStateCode: stateNumber(branch.address.stateCode ?? sellerState),
    toGstin: isExport ? 'URP' : (party?.gstin ?? 'URP'),
    toTrdName: clean(party?.name).slice(0, 100),
    toAddr1,
    toAddr2,
    toPlace: (locationOf(destination) ?? '').slice(0, 50),
    toPincode: isExport ? 999999 : (pinOf(destination) ?? null),
    toStateCode: isExport ? 99 : stateNumber(invoice.placeOfSupply),
    actualToStateCode: isExport ? stateNumber(sellerState) : stateNumber(destination?.stateCode ?? invoice.placeOfSupply),
    totalValue: num(totals.taxableValue),
    cgstValue: num(totals.cgst),
    sgstValue: num(totals.sgst),
    igstValue: num(totals.igst),
    cessValue: num(fromPaise(Number(cessAdValorem))),
    TotNonAdvolVal: num(fromPaise(Number(cessNonAdValorem))),
    OthValue: num(totals.roundOff),
    totInvValue: num(totals.grandTotal),
    transMode: transport ? TRANS_MODE[transport.mode] : null,
    transDistance: transport ? Math.max(transport.distanceKm, 1) : null,
    transporterId: transport?.transporterId ?? '',
    transporterName: transport?.transporterName ?? '',
    transDocNo: transport?.transDocNo ?? '',
    transDocDate: transport?.transDocDate ? ddmmyyyy(transport.transDocDate) : '',
    vehicleNo: transport?.vehicleNo ?? '',
    vehicleType: transport?.vehicleType === 'OVER_DIMENSIONAL' ? 'O' : 'R',
    mainHsnCode: main ? hsnNumber(main.hsnSac) : null,
    itemList,
  };
}

/** The bulk-generation file: one billList per invoice. */
export const ewayBillFileOf = (billLists: EWayBillListJson[]): EWayBillJson => ({ version: EWAY_BILL_JSON_VERSION, billLists });

/** The name of the file to upload on the portal. */
export const ewayBillFileName = (numbers: string[]) =>
  numbers.length === 1 ? `EWayBill-${numbers[0].replace(/[^A-Za-z0-9-]/g, '-')}.json` : `EWayBills-${numbers.length}.json`;
