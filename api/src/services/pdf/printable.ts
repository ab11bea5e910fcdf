import {
  COMPOSITION_DECLARATION,
  ewayBillLine,
  PAYMENT_MODE_LABELS,
  type DocumentAddress,
  type DocumentBranch,
  type DocumentParty,
  type Quotation,
  type SaleInvoice,
  type SaleNote,
} from '@bahi/shared/contracts';
import { invoiceUpiUri } from '../business/print';
import type { PrintableBuyer, PrintableDocument, PrintableSeller, PrintProfile } from './types';

/** The API's answers (sales.ts, quotation.ts contracts) as the renderer's view model. */

/** Street on one line, "City - PIN" on the next; the state is printed with its code on a line of its own. */
function addressLines(a: DocumentAddress | null): string[] {
  if (!a) return [];
  const cityPin = [a.city, a.pin].filter(Boolean).join(' - ');
  return [a.street, cityPin].filter((l): l is string => Boolean(l));
}

/**
 * The supplier as Rule 46 wants it printed: name, address and GSTIN. The branch the document was issued from gives
 * them; the business profile, when set, gives the legal and trade name, the logo and signature, and the address,
 * phone and e-mail a branch without its own lacks.
 */
export function seller(branch: DocumentBranch, profile?: PrintProfile | null): PrintableSeller {
  const branchAddress = addressLines(branch.address);
  const name = profile?.legalName ?? branch.businessName;
  return {
    name,
    branchName: branch.name !== branch.businessName && branch.name !== name ? branch.name : null,
    gstin: branch.gstin ?? profile?.gstin ?? null,
    address: branchAddress.length ? branchAddress : (profile?.address ?? []),
    stateCode: branch.stateCode ?? branch.address.stateCode ?? profile?.stateCode ?? null,
    phone: branch.phone ?? profile?.phone ?? null,
    email: branch.email ?? profile?.email ?? null,
    tradeName: profile?.tradeName && profile.tradeName !== name ? profile.tradeName : null,
    logo: profile?.logo ?? null,
    signature: profile?.signature ?? null,
  };
}

export function buyer(party: DocumentParty | null): PrintableBuyer {
  if (!party) return { name: 'Walk-in customer', billingAddress: [] };
  const billing = addressLines(party.billingAddress);
  const shipping = addressLines(party.shippingAddress);
  return {
    name: party.name,
    gstin: party.gstin,
    phone: party.mobileNumber,
    billingAddress: billing,
    shippingAddress: shipping.length && shipping.join('\n') !== billing.join('\n') ? shipping : null,
    stateCode: party.billingAddress?.stateCode ?? party.gstin?.slice(0, 2) ?? null,
  };
}

export function common(
  d:
    | Pick<SaleInvoice, 'branch' | 'party' | 'placeOfSupply' | 'supplyType' | 'sgstLabel' | 'lines' | 'hsnSummary' | 'totals' | 'notes' | 'terms'>
    | Quotation
    | SaleNote,
  profile?: PrintProfile | null,
) {
  return {
    seller: seller(d.branch, profile),
    buyer: buyer(d.party),
    placeOfSupply: d.placeOfSupply,
    supplyType: d.supplyType,
    stateTaxLabel: d.sgstLabel,
    reverseCharge: false,
    lines: d.lines.map((l) => ({
      no: l.lineNo,
      name: l.itemName,
      description: l.description,
      hsnSac: l.hsnSac,
      quantity: l.quantity,
      unit: l.unit,
      rate: l.unitPrice,
      discount: l.discount,
      taxableValue: l.taxableValue,
      gstRate: l.gstRate,
      cgst: l.cgst,
      sgst: l.sgst,
      igst: l.igst,
      cessRate: l.cessRate,
      cess: l.cess,
      total: l.total,
    })),
    hsnSummary: profile && !profile.showHsnSummary ? [] : d.hsnSummary,
    totals: d.totals,
    notes: d.notes,
    terms: d.terms ?? profile?.terms ?? null,
    bankDetails: profile?.bank ?? null,
    declaration: d.branch.registrationType === 'COMPOSITION' ? COMPOSITION_DECLARATION : null,
  };
}

/**
 * The declaration at the top: a composition seller's, or a zero-rated invoice's Rule 46 declaration (to an SEZ, an
 * export) with, without payment of IGST, the letter of undertaking it goes under.
 */
function declarationOf(invoice: SaleInvoice, composition: string | null | undefined): string | null {
  if (!invoice.exportDeclaration) return composition ?? null;
  return invoice.lutNumber ? `${invoice.exportDeclaration} (LUT ${invoice.lutNumber})` : invoice.exportDeclaration;
}

export function saleInvoiceToPrintable(invoice: SaleInvoice, profile?: PrintProfile | null): PrintableDocument {
  const base = common(invoice, profile);
  return {
    ...base,
    declaration: declarationOf(invoice, base.declaration),
    title: invoice.documentTitle === 'BILL OF SUPPLY' ? 'Bill of Supply' : 'Tax Invoice',
    number: invoice.invoiceNumber,
    date: invoice.invoiceDate,
    dueDate: invoice.dueDate,
    status: invoice.status,
    payments: invoice.payments
      .filter((p) => !p.reversed)
      .map((p) => ({ date: p.date, mode: PAYMENT_MODE_LABELS[p.mode], amount: p.amount, reference: p.reference })),
    received: invoice.received,
    balance: invoice.balance,
    eInvoice: eInvoiceOf(invoice),
    eWayBill: ewayBillLine(invoice.ewayBill),
    upiUri: profile ? invoiceUpiUri(invoice, profile.upi) : null,
  };
}

/** The IRN, Ack No and date and the signed QR string, once the IRP registered the invoice or note. */
function eInvoiceOf({ einvoice: e }: Pick<SaleInvoice | SaleNote, 'einvoice'>) {
  return e?.irn && e.ackNo && e.ackDate && e.signedQrCode ? { irn: e.irn, ackNo: e.ackNo, ackDate: e.ackDate, signedQrCode: e.signedQrCode } : null;
}

export function quotationToPrintable(q: Quotation, profile?: PrintProfile | null): PrintableDocument {
  return {
    ...common(q, profile),
    title: 'Quotation',
    number: q.quotationNumber,
    date: q.quotationDate,
    dueDate: q.validUntil,
    status: q.status,
  };
}

/** A credit or debit note: titled CREDIT NOTE / DEBIT NOTE, naming the invoice it follows with its number and date. */
export function saleNoteToPrintable(note: SaleNote, profile?: PrintProfile | null): PrintableDocument {
  return {
    ...common(note, profile),
    title: note.noteType === 'CREDIT' ? 'Credit Note' : 'Debit Note',
    number: note.noteNumber,
    date: note.noteDate,
    status: note.status,
    against: { number: note.invoice.invoiceNumber, date: note.invoice.invoiceDate },
    eInvoice: eInvoiceOf(note),
    bankDetails: null,
  };
}
