import { PAYMENT_MODE_LABELS, type PaymentMode, type PurchaseInvoice } from '@bahi/shared/contracts';
import { fromPaise, paiseInWords, toPaise } from '@bahi/shared/india';
import type { PaymentVoucherView } from '../purchases/rcm';
import { displayDate } from './format';
import { buyer, common, seller } from './printable';
import type { PrintableDocument } from './types';

/** Printed on a self-invoice, as Rule 46 asks of an invoice on which the recipient pays the tax. */
export const REVERSE_CHARGE_WORDS = 'Tax payable on reverse charge: Yes';

/**
 * The self-invoice of a bill received under reverse charge from an unregistered supplier: issued by the business as
 * the recipient, with the supplier's details, the bill's lines and the tax the recipient pays; its value is the
 * taxable value and that tax.
 */
export function selfInvoiceToPrintable(bill: PurchaseInvoice & { selfInvoiceNumber: string }): PrintableDocument {
  const t = bill.totals;
  const tax = toPaise(t.cgst) + toPaise(t.sgst) + toPaise(t.igst) + toPaise(t.cess);
  const value = toPaise(t.taxableValue) + tax;
  const base = common(bill);
  return {
    ...base,
    title: 'Self-invoice (reverse charge)',
    sellerLabel: 'Recipient (pays the tax)',
    partyLabel: 'Supplier (unregistered)',
    number: bill.selfInvoiceNumber,
    date: bill.billDate,
    status: bill.status,
    reverseCharge: true,
    declaration: REVERSE_CHARGE_WORDS,
    taxPayableByRecipient: fromPaise(tax),
    totals: { ...t, subtotal: fromPaise(value), roundOff: '0.00', grandTotal: fromPaise(value), amountInWords: paiseInWords(value) },
    notes: [`Supplier's bill ${bill.billNumber} of ${displayDate(bill.billDate)}; our reference ${bill.referenceNumber}.`, bill.notes]
      .filter(Boolean)
      .join('\n'),
    terms: null,
  };
}

/** A payment voucher: who paid whom, when and how, and the self-invoiced bills it paid. */
export function paymentVoucherToPrintable(v: PaymentVoucherView): PrintableDocument {
  const zero = '0.00';
  const amount = toPaise(v.amount);
  const mode = v.mode ? (PAYMENT_MODE_LABELS[v.mode as PaymentMode] ?? v.mode) : 'Payment';
  return {
    title: 'Payment voucher',
    seller: seller(v.branch),
    sellerLabel: 'Paid by',
    buyer: buyer(v.party),
    partyLabel: 'Paid to (unregistered supplier)',
    number: v.number,
    date: v.date,
    placeOfSupply: v.placeOfSupply,
    supplyType: v.supplyType,
    stateTaxLabel: 'SGST',
    reverseCharge: true,
    status: v.cancelled ? 'CANCELLED' : null,
    lines: v.bills.map((b, i) => ({
      no: i + 1,
      name: `Self-invoice ${b.selfInvoiceNumber} (supplier's bill ${b.billNumber} of ${displayDate(b.billDate)})`,
      quantity: '1',
      rate: b.amount,
      discount: zero,
      taxableValue: b.amount,
      gstRate: '0',
      cgst: zero,
      sgst: zero,
      igst: zero,
      cess: zero,
      total: b.amount,
    })),
    hsnSummary: [],
    totals: {
      taxableValue: v.amount,
      discount: zero,
      cgst: zero,
      sgst: zero,
      igst: zero,
      cess: zero,
      subtotal: v.amount,
      roundOff: zero,
      grandTotal: v.amount,
      amountInWords: paiseInWords(amount),
    },
    notes: `Paid by ${mode} from ${v.accountName}${v.reference ? `, reference ${v.reference}` : ''}.`,
  };
}
