import { PURCHASE_NOTE_REASON_LABELS, type PurchaseDebitNote } from '@bahi/shared/contracts';
import { displayDate } from './format';
import { buyer, seller } from './printable';
import type { PrintableDocument } from './types';

/**
 * A purchase debit note as the renderer's view model: issued by the business (the bill's branch) to the supplier,
 * titled DEBIT NOTE, naming the bill it is against with its date (Rule 53) and the supplier's own bill number.
 */
export function purchaseDebitNoteToPrintable(note: PurchaseDebitNote): PrintableDocument {
  const { purchase } = note;
  return {
    title: 'Debit Note',
    seller: seller(note.branch),
    buyer: buyer(note.party),
    number: note.noteNumber,
    date: note.noteDate,
    references: [
      { label: 'Against Bill', value: `${purchase.referenceNumber} dated ${displayDate(purchase.billDate)}` },
      { label: 'Supplier Bill No.', value: purchase.billNumber },
      ...(note.supplierNoteNumber ? [{ label: 'Supplier Note No.', value: note.supplierNoteNumber }] : []),
      { label: 'Reason', value: PURCHASE_NOTE_REASON_LABELS[note.reason] },
    ],
    placeOfSupply: note.placeOfSupply,
    supplyType: note.supplyType,
    stateTaxLabel: note.sgstLabel,
    reverseCharge: note.reverseCharge,
    status: note.status,
    lines: note.lines.map((l) => ({
      no: l.lineNo,
      name: l.itemName,
      description: l.kind === 'PRICE' ? 'Price reduced' : l.description,
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
    hsnSummary: note.hsnSummary,
    totals: note.totals,
    notes: note.notes,
  };
}
