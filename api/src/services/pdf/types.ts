/**
 * What a printed sale invoice, quotation or (later) purchase bill shows, independent of where it came from.
 * Money is a two-decimal rupee string as the contracts answer it (formatted here with `formatRupees`), quantities
 * and rates are decimal strings, dates are ISO `YYYY-MM-DD` (printed DD/MM/YYYY), states are GST state codes.
 */

export type { PdfLayout } from '@bahi/shared/contracts';

export type DocumentTitle = 'Tax Invoice' | 'Bill of Supply' | 'Quotation' | 'Self-invoice (reverse charge)' | 'Payment voucher' | 'Credit Note' | 'Debit Note';

export interface PrintableSeller {
  /** The business name; the signature line reads "For <name>". */
  name: string;
  /** The branch's name when it differs from the business's, printed under it. */
  branchName?: string | null;
  gstin?: string | null;
  /** Street, area, city – PIN: one entry a printed line. */
  address: string[];
  stateCode?: string | null;
  phone?: string | null;
  email?: string | null;
  /** The trade name, printed under the legal name when it differs. */
  tradeName?: string | null;
  /** PNG or JPEG bytes: the logo beside the name, the signature above "Authorised signatory". */
  logo?: Buffer | null;
  signature?: Buffer | null;
}

export interface PrintableBuyer {
  /** The party's name, or "Walk-in customer". */
  name: string;
  gstin?: string | null;
  phone?: string | null;
  billingAddress: string[];
  /** Printed as "Ship to" only when given. */
  shippingAddress?: string[] | null;
  stateCode?: string | null;
}

export interface PrintableLine {
  no: number;
  name: string;
  description?: string | null;
  hsnSac?: string | null;
  quantity: string;
  unit?: string | null;
  rate: string;
  discount: string;
  taxableValue: string;
  /** Per cent. CGST and SGST are each half of it, IGST all of it. */
  gstRate: string;
  cgst: string;
  sgst: string;
  igst: string;
  cessRate?: string | null;
  cess: string;
  total: string;
}

export interface PrintableHsnRow {
  hsnSac: string;
  gstRate: string;
  quantity: string;
  unit?: string | null;
  taxableValue: string;
  igst: string;
  cgst: string;
  sgst: string;
  cess: string;
}

export interface PrintableTotals {
  taxableValue: string;
  discount: string;
  cgst: string;
  sgst: string;
  igst: string;
  cess: string;
  /** The sum of the line totals, before round-off. */
  subtotal: string;
  roundOff: string;
  grandTotal: string;
  amountInWords: string;
}

export interface PrintablePayment {
  date: string;
  mode: string;
  amount: string;
  reference?: string | null;
}

/** What the IRP answered for an e-invoice. */
export interface PrintableEInvoice {
  irn: string;
  ackNo: string;
  /** As the IRP writes it ("2026-11-05 13:45:00"), printed as given. */
  ackDate: string;
  /** The signed QR string (a JWT) the QR code is made from. */
  signedQrCode: string;
}

export interface PrintableDocument {
  title: DocumentTitle;
  seller: PrintableSeller;
  buyer: PrintableBuyer;
  number: string;
  date: string;
  /**
   * A note: the document it is issued against and the like, printed with the number and date ("Against Bill":
   * "PUR/26-27/3 dated 01-06-2026"; Rule 53).
   */
  references?: Array<{ label: string; value: string }> | null;
  /** An invoice's due date or a quotation's "valid until". */
  dueDate?: string | null;
  placeOfSupply: string;
  supplyType: 'INTRA' | 'INTER';
  /** "UTGST" when the place of supply is a union territory without a legislature. */
  stateTaxLabel: 'SGST' | 'UTGST';
  reverseCharge: boolean;
  /** "CANCELLED" prints a banner; other statuses print nothing. */
  status?: string | null;
  lines: PrintableLine[];
  hsnSummary: PrintableHsnRow[];
  totals: PrintableTotals;
  /** Invoices only: what was received and what is still due. */
  payments?: PrintablePayment[] | null;
  received?: string | null;
  balance?: string | null;
  notes?: string | null;
  terms?: string | null;
  eInvoice?: PrintableEInvoice | null;
  /** The e-way bill line ("e-Way Bill No. … dated … valid until …") once the portal generated it. */
  eWayBill?: string | null;
  /** A credit or debit note: the invoice it follows, printed with its number and date (Rule 53). */
  against?: { number: string; date: string } | null;
  /** Printed at the top, under the title: a composition taxpayer's declaration. */
  declaration?: string | null;
  /** What heads the issuer's block (a self-invoice's "Recipient"); nothing when not given. */
  sellerLabel?: string | null;
  /** What heads the party's block ("Bill To" when not given; a self-invoice's "Supplier (unregistered)"). */
  partyLabel?: string | null;
  /** A self-invoice: the tax the recipient pays on reverse charge, printed with the totals. */
  taxPayableByRecipient?: string | null;
  /** Where to pay by transfer: "Bank: …", "A/c No.: …", "IFSC: …", "UPI: …". */
  bankDetails?: string[] | null;
  /** An invoice with something due: the UPI intent its "Scan to pay" QR code carries. */
  upiUri?: string | null;
}

/** What the business profile (settings/business) adds to every print. */
export interface PrintProfile {
  /** Null until the owner saved a profile: the document's own name prints. */
  legalName: string | null;
  tradeName: string | null;
  gstin: string | null;
  address: string[];
  stateCode: string | null;
  phone: string | null;
  email: string | null;
  logo: Buffer | null;
  signature: Buffer | null;
  bank: string[] | null;
  /** Printed when the document has no terms of its own. */
  terms: string | null;
  showHsnSummary: boolean;
  upi: { upiId: string | null; payeeName: string | null; tradeName: string | null; legalName: string };
}
