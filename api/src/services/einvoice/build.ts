import type { DocumentAddress, EInvoiceJson, SaleInvoice } from '@bahi/shared/contracts';
import { divHalfUp } from '@bahi/shared/gst';
import { fromPaise, stateName, toPaise } from '@bahi/shared/india';

/**
 * A sale invoice as the IRP's e-invoice JSON, schema version 1.1. Every figure is the stored invoice's (computed by
 * the GST engine per gst-rules.md); nothing is recomputed here except the split the schema asks for that the
 * invoice keeps as one figure (cess ad valorem and per unit; a tax-inclusive line's price before tax).
 *
 * Choices:
 * - ValDtls.Discount is the portal's invoice-level discount (after the items), which Bahi never gives: 0. Line
 *   discounts are in each item's Discount, already out of AssAmt.
 * - A tax-inclusive line: AssAmt is the stored taxable value; Discount is the line's discount taken out of tax
 *   the same way, TotAmt = AssAmt + Discount, and UnitPrice = TotAmt ÷ Qty (three decimals).
 * - Loc (required by the IRP): the address's city, else the street's last part, else the state's name (party
 *   addresses have no city field).
 * - An export: ExpDtls carries the shipping bill (ShipBNo, ShipBDt, Port) once known and RefClm Y when IGST was
 *   paid (its refund is claimed); ForCur and CntCode are left out: the invoice is in rupees and a party has no
 *   country field.
 */

const RATE_SCALE = 1000n; // rates carry 3 decimals
const HUNDRED = 100n * RATE_SCALE;

const num = (money: string) => Number(money);
const rateMilli = (rate: string) => BigInt(Math.round(Number(rate) * 1000));
const ddmmyyyy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
const clean = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();

/** The place of an address: its city, else the street's last part, else the state's name. */
export function locationOf(a: DocumentAddress | null): string | undefined {
  if (!a) return undefined;
  const city = clean(a.city);
  if (city) return city.slice(0, 50);
  const parts = clean(a.street).split(',').map((p) => p.trim()).filter(Boolean);
  const last = parts.length > 1 ? parts[parts.length - 1] : undefined;
  if (last && last.length >= 3) return last.slice(0, 50);
  return stateName(a.stateCode)?.slice(0, 50);
}

/** The address's PIN code as a number, when it is six digits. */
export function pinOf(a: DocumentAddress | null): number | undefined {
  const pin = clean(a?.pin);
  return /^\d{6}$/.test(pin) ? Number(pin) : undefined;
}

/** Address fields shared by SellerDtls, BuyerDtls and ShipDtls; absent ones stay out (the schema reports them). */
function addressFields(a: DocumentAddress | null, fallbackState: string | null | undefined) {
  const street = clean(a?.street);
  return compact({
    Addr1: street ? street.slice(0, 100) : undefined,
    Loc: locationOf(a),
    Pin: pinOf(a),
    Stcd: a?.stateCode ?? fallbackState ?? undefined,
  });
}

function compact<T extends Record<string, unknown>>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== null && v !== '')) as Partial<T>;
}

const phoneOf = (p: string | null | undefined) => {
  const digits = clean(p).replace(/\D/g, '');
  return digits.length >= 6 && digits.length <= 12 ? digits : undefined;
};

export type SupplyTypeCode = 'B2B' | 'SEZWP' | 'SEZWOP' | 'EXPWP' | 'EXPWOP';

/**
 * GST on a supply to an SEZ or an export is IGST even within the state: SEZWP / SEZWOP to an SEZ, EXPWP / EXPWOP an
 * export (place of supply 96), with or without payment of IGST. An export issued before its export type was kept is
 * without payment when it charged no IGST.
 */
export function supplyTypeCodeOf(invoice: Pick<SaleInvoice, 'placeOfSupply' | 'exportType' | 'totals'>): SupplyTypeCode {
  const isExport = invoice.placeOfSupply === '96';
  if (!invoice.exportType) {
    if (!isExport) return 'B2B';
    return toPaise(invoice.totals.igst) > 0 ? 'EXPWP' : 'EXPWOP';
  }
  const paid = invoice.exportType === 'WITH_PAYMENT';
  if (isExport) return paid ? 'EXPWP' : 'EXPWOP';
  return paid ? 'SEZWP' : 'SEZWOP';
}

/** Without payment of IGST (under LUT): no tax is charged, and a tax-inclusive price holds none. */
const withoutPayment = (code: SupplyTypeCode) => code === 'SEZWOP' || code === 'EXPWOP';

/**
 * A line's cess in paise, split as the portals ask: ad valorem (the cess rate on the taxable value) and the rest
 * (the fixed cess per unit). Without payment of tax there is none.
 */
export function cessParts(line: SaleInvoice['lines'][number], untaxed: boolean): { adValorem: bigint; nonAdValorem: bigint } {
  const adValorem = untaxed ? 0n : divHalfUp(BigInt(toPaise(line.taxableValue)) * rateMilli(line.cessRate), HUNDRED);
  return { adValorem, nonAdValorem: BigInt(toPaise(line.cess)) - adValorem };
}

function item(line: SaleInvoice['lines'][number], untaxed: boolean) {
  const taxable = BigInt(toPaise(line.taxableValue));
  const discountStored = BigInt(toPaise(line.discount));
  const gst = rateMilli(line.gstRate);
  const cessRate = rateMilli(line.cessRate);
  // A tax-inclusive line's discount holds tax too: take it out the way the engine took it out of the price.
  const inclusive = line.priceIncludesTax && !untaxed;
  const discount = inclusive ? divHalfUp(discountStored * HUNDRED, HUNDRED + gst + cessRate) : discountStored;
  const totAmt = taxable + discount;
  const qtyMilli = BigInt(Math.round(Number(line.quantity) * 1000));
  const unitPrice = inclusive
    ? qtyMilli > 0n
      ? Number(divHalfUp(totAmt * 10n * 1000n, qtyMilli)) / 1000
      : 0
    : Number(line.unitPrice);
  const cess = cessParts(line, untaxed);
  const name = clean(line.itemName);
  const description = clean(line.description);
  return compact({
    SlNo: String(line.lineNo),
    PrdDesc: (description ? `${name} - ${description}` : name).slice(0, 300),
    IsServc: line.itemType === 'SERVICE' ? 'Y' : 'N',
    HsnCd: clean(line.hsnSac) || undefined,
    Qty: Number(line.quantity),
    Unit: clean(line.unit) || undefined,
    UnitPrice: unitPrice,
    TotAmt: num(fromPaise(Number(totAmt))),
    Discount: num(fromPaise(Number(discount))),
    AssAmt: num(line.taxableValue),
    GstRt: Number(line.gstRate),
    IgstAmt: num(line.igst),
    CgstAmt: num(line.cgst),
    SgstAmt: num(line.sgst),
    CesRt: Number(line.cessRate),
    CesAmt: num(fromPaise(Number(cess.adValorem))),
    CesNonAdvlAmt: num(fromPaise(Number(cess.nonAdValorem))),
    TotItemVal: num(line.total),
  });
}

/** The invoice as e-invoice JSON v1.1 (not yet validated: see validate.ts). */
export function buildEInvoice(invoice: SaleInvoice): EInvoiceJson {
  const { branch, party, totals } = invoice;
  const sellerState = branch.stateCode ?? branch.address.stateCode ?? branch.gstin?.slice(0, 2);
  const buyerGstin = party?.gstin ?? undefined;
  const billing = party?.billingAddress ?? null;
  const shipping = party?.shippingAddress ?? null;
  const sameAddress = (a: DocumentAddress | null, b: DocumentAddress | null) => JSON.stringify(a) === JSON.stringify(b);
  const supTyp = supplyTypeCodeOf(invoice);
  const isExport = supTyp === 'EXPWP' || supTyp === 'EXPWOP';
  const igstOnIntra = invoice.supplyType === 'INTER' && invoice.placeOfSupply === sellerState ? 'Y' : 'N';
  const json: EInvoiceJson = {
    Version: '1.1',
    TranDtls: { TaxSch: 'GST', SupTyp: supTyp, RegRev: 'N', IgstOnIntra: igstOnIntra },
    DocDtls: { Typ: 'INV', No: invoice.invoiceNumber, Dt: ddmmyyyy(invoice.invoiceDate) },
    SellerDtls: compact({
      Gstin: branch.gstin ?? undefined,
      LglNm: clean(branch.businessName).slice(0, 100),
      TrdNm: clean(branch.businessName).slice(0, 100),
      ...addressFields(branch.address, sellerState),
      Ph: phoneOf(branch.phone),
      Em: clean(branch.email) || undefined,
    }),
    BuyerDtls: compact({
      // An export's buyer is unregistered in India: GSTIN URP, state and place of supply 96, PIN 999999.
      Gstin: isExport ? 'URP' : buyerGstin,
      LglNm: clean(party?.name).slice(0, 100),
      TrdNm: clean(party?.name).slice(0, 100),
      Pos: isExport ? '96' : invoice.placeOfSupply,
      ...addressFields(billing, isExport ? '96' : buyerGstin?.slice(0, 2)),
      ...(isExport ? { Pin: 999999, Stcd: '96' } : {}),
      Ph: phoneOf(party?.mobileNumber),
      Em: clean(party?.email) || undefined,
    }),
    ItemList: invoice.lines.map((l) => item(l, withoutPayment(supTyp))),
    ValDtls: {
      AssVal: num(totals.taxableValue),
      CgstVal: num(totals.cgst),
      SgstVal: num(totals.sgst),
      IgstVal: num(totals.igst),
      CesVal: num(totals.cess),
      StCesVal: 0,
      Discount: 0,
      OthChrg: 0,
      RndOffAmt: num(totals.roundOff),
      TotInvVal: num(totals.grandTotal),
    },
  };
  if (isExport) {
    // The shipping bill as far as it is known; the invoice is in rupees, so no foreign currency.
    const bill = invoice.shippingBill;
    json.ExpDtls = compact({
      ShipBNo: bill?.number ?? undefined,
      ShipBDt: bill?.date ? ddmmyyyy(bill.date) : undefined,
      Port: bill?.portCode ?? undefined,
      RefClm: supTyp === 'EXPWP' ? 'Y' : 'N',
    });
  }
  if (party && shipping && !sameAddress(shipping, billing)) {
    json.ShipDtls = compact({
      Gstin: buyerGstin,
      LglNm: clean(party.name).slice(0, 100),
      ...addressFields(shipping, undefined),
    });
  }
  return json;
}

/** The name of the file to upload to the IRP. */
export const einvoiceFileName = (number: string) => `EInvoice-${number.replace(/[^A-Za-z0-9-]/g, '-')}.json`;
