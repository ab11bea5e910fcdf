/**
 * The GST engine's contract (../../../../shared/gst-rules.md). Inputs are decimal strings as the contracts answer
 * them (`Money`, `Quantity`, `Percent`); every amount out is integer paise; nothing is ever a float.
 */

/** Integer paise (₹1 = 100). */
export type Paise = number;

/** INTRA: CGST + SGST (or UTGST); INTER: IGST. */
export type SupplyType = 'INTRA' | 'INTER';

/** Why the place of supply is what it is, shown beside it on the form ("from the party's GSTIN"). */
export type PlaceOfSupplyReason = 'SHIPPING_ADDRESS' | 'BILLING_ADDRESS' | 'PARTY_GSTIN' | 'WALK_IN' | 'SUPPLIER_STATE' | 'EXPORT';

/** One line as entered: decimal strings (or numbers) in rupees, units and per cent. */
export interface GstLineInput {
  /** > 0, up to 3 decimals. */
  quantity: string | number;
  /** Rupees, ≥ 0, up to 2 decimals. */
  unitPrice: string | number;
  /** The price already holds GST and ad-valorem cess. */
  priceIncludesTax: boolean;
  /** 0–100, up to 3 decimals; ignored when discountAmount is given. */
  discountPercent?: string | number | null;
  /** Rupees, 0 ≤ discount ≤ gross. */
  discountAmount?: string | number | null;
  /** Per cent: one of GST_RATES. */
  gstRate: string | number;
  /** Ad-valorem compensation cess, per cent. */
  cessRate?: string | number | null;
  /** Fixed cess in rupees per unit of quantity, up to 3 decimals. */
  cessPerUnit?: string | number | null;
  /** For the HSN summary. */
  hsnSac?: string | null;
  /** UQC, for the HSN summary. */
  unit?: string | null;
}

/** One line computed: every figure integer paise, rounded half-up once, on the line. */
export interface GstLineResult {
  gross: Paise;
  discount: Paise;
  taxableValue: Paise;
  cgst: Paise;
  /** SGST or UTGST (same arithmetic; the label comes from `stateTaxLabel`). */
  sgst: Paise;
  igst: Paise;
  cess: Paise;
  /** taxableValue + cgst + sgst + igst + cess. */
  total: Paise;
}

export interface GstHsnRow {
  hsnSac: string;
  /** Per cent as a string, e.g. '18'. */
  gstRate: string;
  unit: string | null;
  /** Sum of the lines' quantities, three-decimal string. */
  quantity: string;
  taxableValue: Paise;
  igst: Paise;
  cgst: Paise;
  sgst: Paise;
  cess: Paise;
}

export interface GstDocumentTotals {
  taxableValue: Paise;
  discount: Paise;
  cgst: Paise;
  sgst: Paise;
  igst: Paise;
  cess: Paise;
  /** Sum of the line totals, before round-off. */
  subtotal: Paise;
  /** grandTotal − subtotal: more than −50, at most +50 paise; 0 when round-off is off. */
  roundOff: Paise;
  grandTotal: Paise;
  /**
   * Reverse charge only: the GST and cess of the lines, which the buyer pays to the government. Then subtotal is the
   * sum of the taxable values (the supplier charges no tax) and grandTotal what is owed to the supplier.
   */
  reverseChargeTax?: Paise;
}

export interface GstDocumentResult {
  supplyType: SupplyType;
  lines: GstLineResult[];
  totals: GstDocumentTotals;
  /** "Rupees One Lakh ... Paise Only" of grandTotal. */
  amountInWords: string;
  hsnSummary: GstHsnRow[];
  /**
   * Only when the document has a discount of its own: its amount and each line's share of it (already in the line's
   * `discount`, which is the line's own discount plus its share).
   */
  documentDiscount?: { amount: Paise; shares: Paise[] };
}

export interface GstDocumentInput {
  supplyType: SupplyType;
  /** On by default (gst-rules.md): absent means on. */
  roundOff?: boolean;
  /** A purchase under reverse charge: the tax is the buyer's to pay, not the supplier's to charge. */
  reverseCharge?: boolean;
  /**
   * A zero-rated supply (to an SEZ, or an export) without payment of IGST, under bond or letter of undertaking
   * (s.16 IGST Act): each line keeps its rate but charges no IGST and no cess. Only an inter-state supply.
   */
  withoutPayment?: boolean;
  lines: GstLineInput[];
  /**
   * A discount on the whole document, before tax: a percentage of the lines' value after their own discounts, or an
   * amount (which wins when both are given). Shared among the lines by `apportionDiscount`.
   */
  discount?: GstDocumentDiscountInput | null;
}

export interface GstDocumentDiscountInput {
  /** 0–100, up to 3 decimals. */
  percent?: string | number | null;
  /** Rupees, at most the lines' value after their own discounts. */
  amount?: string | number | null;
}
