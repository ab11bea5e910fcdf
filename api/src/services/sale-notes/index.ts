import { randomUUID } from 'node:crypto';
import {
  SALE_PAGE_SIZE_DEFAULT,
  indiaToday,
  type CancelDocumentRequest,
  type CreateCreditNoteRequest,
  type CreateDebitNoteRequest,
  type DocumentParty,
  type HsnSummaryRow,
  type SaleNote,
  type SaleNoteListMeta,
  type SaleNoteListQuery,
  type SaleNoteSummary,
  type SaleNoteType,
} from '@bahi/shared/contracts';
import { computeLine, financialYearOf, roundOffTotal, type SupplyType } from '@bahi/shared/gst';
import { fromPaise, moneyText, paiseInWords, toPaise } from '@bahi/shared/india';
import { and, asc, desc, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { saleInvoiceLines, saleInvoices, saleNoteAdjustments, saleNoteLines, saleNotes, storeBranches } from '../../db/schema';
import { HttpError, badRequest, conflict } from '../../errors';
import { paymentAccount, recordTransaction, reverseDocumentTransactions } from '../accounts';
import { checkBooksOpenToChange, documentDate } from '../documents/dates';
import { einvoiceStateOf, noteIrnRowOf } from '../einvoice/state';
import { documentSearch } from '../documents/list';
import { takeNumber } from '../documents/numbering';
import { paymentStatus } from '../documents/payments';
import type { DocumentContext } from '../documents/prepare';
import { documentFieldsOf, documentLineRows, findDocumentRow, toDocumentLine } from '../documents/records';
import { returnToStock, stockBranchOf, takeFromStock, type StockDocument, type StockLine } from '../documents/stock';
import { withIdempotency } from '../idempotency';
import { reverseDocumentEntries, systemLedgerId } from '../ledger/journal';
import { postCreditNote, postDebitNote, refundCounter } from '../ledger/notes';
import { milliOf, share } from '../ledger/stock-cost';
import { allocate } from '../payments/allocation';
import { displayDate } from '../pdf/format';
import { INVOICE_NOT_FOUND, saleAllocationKind } from '../sales';
import { UUID } from '../../db/ids';
import { selectRows } from '../../db/rows';

/*
 * Credit and debit notes on a sale invoice (gst-rules.md "Credit and debit notes"). A note follows one invoice: its
 * lines name the invoice's lines, and it is taxed at those lines' rates and the invoice's place of supply, whatever
 * the rates are today. Everything a note does — its number, its lines, the goods back into stock, its journal
 * entry, the refund or the invoices it settles — happens in the transaction that saves it.
 */

type NoteRow = typeof saleNotes.$inferSelect;
type InvoiceRow = typeof saleInvoices.$inferSelect;
type InvoiceLineRow = typeof saleInvoiceLines.$inferSelect;

export interface NoteKind {
  type: SaleNoteType;
  /** The journal's and the money's document type. */
  documentType: 'CREDIT_NOTE' | 'DEBIT_NOTE';
  title: 'CREDIT NOTE' | 'DEBIT NOTE';
  word: 'Credit note' | 'Debit note';
  /** The series' own counter and the mark its numbers carry. */
  series: { kind: 'CREDIT_NOTE' | 'DEBIT_NOTE'; mark: 'CN' | 'DN' };
  notFound: string;
}

export const CREDIT_NOTE: NoteKind = {
  type: 'CREDIT',
  documentType: 'CREDIT_NOTE',
  title: 'CREDIT NOTE',
  word: 'Credit note',
  series: { kind: 'CREDIT_NOTE', mark: 'CN' },
  notFound: 'Credit note not found',
};
export const DEBIT_NOTE: NoteKind = {
  type: 'DEBIT',
  documentType: 'DEBIT_NOTE',
  title: 'DEBIT NOTE',
  word: 'Debit note',
  series: { kind: 'DEBIT_NOTE', mark: 'DN' },
  notFound: 'Debit note not found',
};

/**
 * s.34 CGST Act: a credit note is declared at the latest by 30 November after the end of the financial year of the
 * invoice it follows. Answers that last day.
 */
export function creditNoteLastDay(invoiceDate: string): string {
  const { end } = financialYearOf(invoiceDate);
  return `${end.slice(0, 4)}-11-30`;
}

/**
 * The series a note is numbered in: 'CN/26-27/n' or 'DN/26-27/n', gap-free per financial year and per GSTIN the
 * invoice was issued under (a note number is unique within a GSTIN's year, so branches sharing a GSTIN share the
 * series; a branch with its own GSTIN has its own), and per branch where the seller has no GSTIN.
 */
const noteSeries = (branchId: string, gstin: string | null | undefined) => (gstin ? `GSTIN ${gstin}` : branchId);

// ---------------------------------------------------------------------------------------------------------------
// What each invoice line has left

interface LineLeft {
  /** Thousandths of a unit not yet returned. */
  quantityMilli: number;
  /** Paise: the line's taxable value, plus debit notes, less credit notes. */
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  cess: number;
  /** Serials credit notes brought back already (upper case). */
  returnedSerials: Set<string>;
}

/**
 * What each line of the invoice has left after its live notes: units not returned, and its taxable value and taxes
 * raised by debit notes and lowered by credit notes.
 */
async function linesLeft(tx: Tx | Db, businessId: string, invoiceId: string, lines: InvoiceLineRow[]): Promise<Map<number, LineLeft>> {
  const live = sql`n.business_id = ${businessId} and n.invoice_id = ${invoiceId} and n.status = 'ISSUED'`;
  const sums = await selectRows<{ invoice_line_no: number; note_type: SaleNoteType; quantity: string; taxable: string; cgst: string; sgst: string; igst: string; cess: string }>(
    tx,
    sql`select l.invoice_line_no, n.note_type, sum(l.quantity)::text as quantity, sum(l.taxable_value)::text as taxable,
               sum(l.cgst)::text as cgst, sum(l.sgst)::text as sgst, sum(l.igst)::text as igst, sum(l.cess)::text as cess
        from sale_notes n join sale_note_lines l on l.business_id = n.business_id and l.document_id = n.id
        where ${live}
        group by l.invoice_line_no, n.note_type`,
  );
  const serials = await selectRows<{ invoice_line_no: number; serial: string }>(
    tx,
    sql`select l.invoice_line_no, upper(s.serial) as serial
        from sale_notes n join sale_note_lines l on l.business_id = n.business_id and l.document_id = n.id
        cross join lateral unnest(l.serial_nos) as s(serial)
        where ${live} and n.note_type = 'CREDIT'`,
  );
  const left = new Map<number, LineLeft>();
  for (const l of lines) {
    left.set(l.lineNo, {
      quantityMilli: milliOf(l.quantity),
      taxable: toPaise(moneyText(l.taxableValue)),
      cgst: toPaise(moneyText(l.cgst)),
      sgst: toPaise(moneyText(l.sgst)),
      igst: toPaise(moneyText(l.igst)),
      cess: toPaise(moneyText(l.cess)),
      returnedSerials: new Set(),
    });
  }
  for (const n of sums) {
    const l = left.get(n.invoice_line_no);
    if (!l) continue;
    const sign = n.note_type === 'CREDIT' ? -1 : 1;
    if (n.note_type === 'CREDIT') l.quantityMilli -= milliOf(n.quantity);
    l.taxable += sign * toPaise(n.taxable);
    l.cgst += sign * toPaise(n.cgst);
    l.sgst += sign * toPaise(n.sgst);
    l.igst += sign * toPaise(n.igst);
    l.cess += sign * toPaise(n.cess);
  }
  for (const s of serials) left.get(s.invoice_line_no)?.returnedSerials.add(s.serial);
  return left;
}

// ---------------------------------------------------------------------------------------------------------------
// Figures

interface NoteLine {
  index: number;
  invoiceLine: InvoiceLineRow;
  /** Thousandths returned (0: a price-only line). */
  quantityMilli: number;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  cess: number;
  serialNos: string[];
}

/**
 * The taxes of `taxable` paise at the invoice line's rates and the invoice's supply type (gst-rules.md "One line":
 * taxes follow from the rounded taxable value); a line that charged no tax (zero-rated under LUT) charges none.
 */
function taxesAt(line: InvoiceLineRow, supplyType: SupplyType, taxable: number, quantityMilli: number) {
  const charged = toPaise(moneyText(line.cgst)) + toPaise(moneyText(line.sgst)) + toPaise(moneyText(line.igst)) + toPaise(moneyText(line.cess));
  if (charged === 0) return { cgst: 0, sgst: 0, igst: 0, cess: 0 };
  const r = computeLine({ quantity: '1', unitPrice: fromPaise(taxable), priceIncludesTax: false, gstRate: line.gstRate, cessRate: line.cessRate, cessPerUnit: '0' }, supplyType);
  // Fixed cess: round(quantity × rupees a unit), both in thousandths.
  const perUnit = Math.round((quantityMilli * milliOf(line.cessPerUnit)) / 10_000);
  const gstCharged = toPaise(moneyText(line.cgst)) + toPaise(moneyText(line.sgst)) + toPaise(moneyText(line.igst));
  return gstCharged === 0
    ? { cgst: 0, sgst: 0, igst: 0, cess: r.cess + perUnit }
    : { cgst: r.cgst, sgst: r.sgst, igst: r.igst, cess: r.cess + perUnit };
}

const label = (l: InvoiceLineRow) => `Line ${l.lineNo} (${l.itemName})`;
const units = (milli: number) => String(milli / 1000);

/** A note line against what its invoice line has left: the rules of gst-rules.md, each refusal naming its field. */
function creditLine(
  req: { quantity?: string; taxableValue?: string; serialNos?: string[] },
  index: number,
  line: InvoiceLineRow,
  left: LineLeft,
  supplyType: SupplyType,
): NoteLine {
  const field = (name: string) => `lines.${index}.${name}`;
  if (req.quantity !== undefined) {
    const quantityMilli = milliOf(req.quantity);
    const sold = milliOf(line.quantity);
    if (line.itemType === 'SERVICE') throw badRequest(`${label(line)} is a service: nothing can be returned; reduce its taxable value instead`, field('quantity'));
    if (quantityMilli % 1000 !== 0 && sold % 1000 === 0) throw badRequest(`${label(line)}: the quantity returned must be a whole number`, field('quantity'));
    if (quantityMilli > left.quantityMilli) {
      const returned = sold - left.quantityMilli;
      throw conflict(
        `${label(line)}: ${units(sold)} sold${returned ? `, ${units(returned)} returned already` : ''}, so at most ${units(left.quantityMilli)} can be returned`,
        field('quantity'),
      );
    }
    // The last units take whatever value and tax the line has left, so the notes add up to the invoice exactly.
    const last = quantityMilli === left.quantityMilli;
    const taxable = last ? left.taxable : share(left.taxable, quantityMilli, left.quantityMilli);
    const taxes = last ? { cgst: left.cgst, sgst: left.sgst, igst: left.igst, cess: left.cess } : taxesAt(line, supplyType, taxable, quantityMilli);
    const serialNos = req.serialNos ?? [];
    if (line.serialNos.length) {
      if (serialNos.length * 1000 !== quantityMilli) {
        throw badRequest(`${label(line)} is serialised: name the ${units(quantityMilli)} serial numbers returned, one per unit`, field('serialNos'));
      }
      const sold = new Map(line.serialNos.map((s) => [s.toUpperCase(), s]));
      const wrong = serialNos.filter((s) => !sold.has(s.toUpperCase()));
      if (wrong.length) throw badRequest(`Serial ${wrong.join(', ')} was not sold on ${label(line)}`, field('serialNos'));
      const again = serialNos.filter((s) => left.returnedSerials.has(s.toUpperCase()));
      if (again.length) throw conflict(`Serial ${again.join(', ')} of ${line.itemName} was returned already`, field('serialNos'));
      if (new Set(serialNos.map((s) => s.toUpperCase())).size !== serialNos.length) throw badRequest('Serial numbers must be unique', field('serialNos'));
      return { index, invoiceLine: line, quantityMilli, taxable, ...taxes, serialNos: serialNos.map((s) => sold.get(s.toUpperCase())!) };
    }
    if (serialNos.length) throw badRequest(`${line.itemName} is not serialised: leave its serial numbers out`, field('serialNos'));
    return { index, invoiceLine: line, quantityMilli, taxable, ...taxes, serialNos: [] };
  }
  const taxable = toPaise(req.taxableValue!);
  if (taxable > left.taxable) {
    throw conflict(
      `${label(line)}: its taxable value less earlier notes is ₹${fromPaise(left.taxable)}, so a note cannot take ₹${fromPaise(taxable)} off it`,
      field('taxableValue'),
    );
  }
  const last = taxable === left.taxable;
  const taxes = last ? { cgst: left.cgst, sgst: left.sgst, igst: left.igst, cess: left.cess } : taxesAt(line, supplyType, taxable, 0);
  return { index, invoiceLine: line, quantityMilli: 0, taxable, ...taxes, serialNos: [] };
}

function noteTotals(lines: NoteLine[], roundOff: boolean) {
  const sum = (pick: (l: NoteLine) => number) => lines.reduce((s, l) => s + pick(l), 0);
  const t = { taxableValue: sum((l) => l.taxable), cgst: sum((l) => l.cgst), sgst: sum((l) => l.sgst), igst: sum((l) => l.igst), cess: sum((l) => l.cess) };
  const subtotal = t.taxableValue + t.cgst + t.sgst + t.igst + t.cess;
  const { roundOff: roundOffAmount, grandTotal } = roundOffTotal(subtotal, roundOff);
  return { ...t, subtotal, roundOff: roundOffAmount, grandTotal };
}

function hsnSummaryOf(lines: NoteLine[]): HsnSummaryRow[] {
  const groups = new Map<string, { row: HsnSummaryRow; milli: number; p: number[] }>();
  for (const l of lines) {
    const il = l.invoiceLine;
    const key = JSON.stringify([il.hsnSac ?? '', il.gstRate, il.unit]);
    let g = groups.get(key);
    if (!g) {
      g = { row: { hsnSac: il.hsnSac ?? '', gstRate: String(Number(il.gstRate)), quantity: '', unit: il.unit, taxableValue: '', igst: '', cgst: '', sgst: '', cess: '' }, milli: 0, p: [0, 0, 0, 0, 0] };
      groups.set(key, g);
    }
    g.milli += l.quantityMilli;
    [l.taxable, l.igst, l.cgst, l.sgst, l.cess].forEach((v, i) => (g.p[i] += v));
  }
  return [...groups.values()]
    .sort((a, b) => a.row.hsnSac.localeCompare(b.row.hsnSac) || Number(a.row.gstRate) - Number(b.row.gstRate))
    .map((g) => ({
      ...g.row,
      quantity: (g.milli / 1000).toFixed(3),
      taxableValue: fromPaise(g.p[0]),
      igst: fromPaise(g.p[1]),
      cgst: fromPaise(g.p[2]),
      sgst: fromPaise(g.p[3]),
      cess: fromPaise(g.p[4]),
    }));
}

// ---------------------------------------------------------------------------------------------------------------
// Creating

interface Prepared {
  invoice: InvoiceRow;
  noteDate: string;
  lines: NoteLine[];
  totals: ReturnType<typeof noteTotals>;
}

/**
 * The invoice locked for update (with its lines: two notes on one invoice queue up, and each sees what the one
 * before left), the note date checked, and each requested line against what its invoice line has left.
 */
async function prepareNote(
  tx: Tx,
  ctx: DocumentContext,
  kind: NoteKind,
  body: { invoiceId: string; noteDate?: string; lines: Array<{ invoiceLineNo: number; quantity?: string; taxableValue?: string; serialNos?: string[] }> },
): Promise<Prepared> {
  const { auth, now } = ctx;
  const invoice = await findDocumentRow(tx, saleInvoices, auth.businessId, body.invoiceId, true);
  if (!invoice) throw new HttpError(404, INVOICE_NOT_FOUND, 'invoiceId');
  if (invoice.status === 'CANCELLED') throw conflict(`Invoice ${invoice.invoiceNumber} is cancelled: it takes no ${kind.word.toLowerCase()}`, 'invoiceId');
  const noteDate = await documentDate(tx, auth.businessId, now, body.noteDate, 'noteDate', 'Note date');
  if (noteDate < invoice.invoiceDate) {
    throw badRequest(`Note date cannot be before the date of invoice ${invoice.invoiceNumber}, ${displayDate(invoice.invoiceDate)}`, 'noteDate');
  }
  if (kind.type === 'CREDIT') {
    const lastDay = creditNoteLastDay(invoice.invoiceDate);
    if (noteDate > lastDay) {
      throw new HttpError(
        422,
        `A credit note on invoice ${invoice.invoiceNumber} (financial year ${financialYearOf(invoice.invoiceDate).label}) was due by ${displayDate(lastDay)}: ` +
          's.34 of the CGST Act allows none after 30 November following the end of the invoice’s financial year',
        'noteDate',
      );
    }
  }
  const invoiceLines = await tx
    .select()
    .from(saleInvoiceLines)
    .where(and(eq(saleInvoiceLines.businessId, auth.businessId), eq(saleInvoiceLines.documentId, invoice.id)))
    .orderBy(asc(saleInvoiceLines.lineNo))
    .for('update');
  const left = await linesLeft(tx, auth.businessId, invoice.id, invoiceLines);
  const byNo = new Map(invoiceLines.map((l) => [l.lineNo, l]));
  const lines = body.lines.map((req, index) => {
    const line = byNo.get(req.invoiceLineNo);
    if (!line) throw badRequest(`Invoice ${invoice.invoiceNumber} has no line ${req.invoiceLineNo}`, `lines.${index}.invoiceLineNo`);
    if (kind.type === 'CREDIT') return creditLine(req, index, line, left.get(line.lineNo)!, invoice.supplyType);
    const taxable = toPaise(req.taxableValue!);
    return { index, invoiceLine: line, quantityMilli: 0, taxable, ...taxesAt(line, invoice.supplyType, taxable, 0), serialNos: [] };
  });
  return { invoice, noteDate, lines, totals: noteTotals(lines, invoice.roundOff) };
}

/** What the invoice's goods cost when they went out, per item: the sale's own journal entry (Cr Stock in hand). */
async function saleCosts(tx: Tx, businessId: string, invoiceId: string): Promise<Map<string, { milli: number; cost: number }>> {
  const stock = await systemLedgerId(tx, businessId, 'STOCK');
  const rows = await selectRows<{ item_id: string; quantity: string; cost: string }>(
    tx,
    sql`select l.item_id, (-sum(coalesce(l.quantity, 0)))::text as quantity, sum(l.credit - l.debit)::text as cost
        from journal_entries e join journal_lines l on l.business_id = e.business_id and l.entry_id = e.id
        where e.business_id = ${businessId} and e.document_type = 'SALE' and e.document_id = ${invoiceId}
          and e.transaction_id is null and e.reverses_id is null and l.account_id = ${stock} and l.item_id is not null
        group by l.item_id`,
  );
  return new Map(rows.map((r) => [r.item_id, { milli: milliOf(r.quantity), cost: toPaise(r.cost) }]));
}

async function insertNote(
  tx: Tx,
  ctx: DocumentContext,
  kind: NoteKind,
  id: string,
  p: Prepared,
  extra: { reason: string; notes?: string; restock: boolean; restocked: Map<number, number> },
) {
  const { auth, now } = ctx;
  const { invoice } = p;
  const branch = await tx
    .select({ name: storeBranches.name })
    .from(storeBranches)
    .where(and(eq(storeBranches.businessId, auth.businessId), eq(storeBranches.id, invoice.branchId)));
  const branchName = branch[0]?.name ?? '';
  const gstin = (invoice.branchSnapshot as { gstin?: string | null } | null)?.gstin ?? null;
  const number = await takeNumber(tx, auth.businessId, {
    kind: kind.series.kind,
    prefix: kind.series.mark,
    date: p.noteDate,
    branchName,
    series: noteSeries(invoice.branchId, gstin),
  });
  const t = p.totals;
  await tx.insert(saleNotes).values({
    businessId: auth.businessId,
    id,
    branchId: invoice.branchId,
    financialYear: number.financialYear,
    seriesPrefix: number.seriesPrefix,
    seriesNo: number.seriesNo,
    partyId: invoice.partyId,
    partyName: invoice.partyName,
    partyMobile: invoice.partyMobile,
    partySnapshot: invoice.partySnapshot,
    branchSnapshot: invoice.branchSnapshot,
    placeOfSupply: invoice.placeOfSupply,
    supplyType: invoice.supplyType,
    roundOff: invoice.roundOff,
    taxableValue: fromPaise(t.taxableValue),
    discount: '0.00',
    cgst: fromPaise(t.cgst),
    sgst: fromPaise(t.sgst),
    igst: fromPaise(t.igst),
    cess: fromPaise(t.cess),
    subtotal: fromPaise(t.subtotal),
    roundOffAmount: fromPaise(t.roundOff),
    grandTotal: fromPaise(t.grandTotal),
    amountInWords: paiseInWords(t.grandTotal),
    hsnSummary: hsnSummaryOf(p.lines),
    notes: extra.notes ?? null,
    createdBy: auth.user.id,
    createdAt: now,
    updatedAt: now,
    noteType: kind.type,
    noteNumber: number.number,
    noteDate: p.noteDate,
    invoiceId: invoice.id,
    invoiceNumber: invoice.invoiceNumber,
    invoiceDate: invoice.invoiceDate,
    reason: extra.reason,
    status: 'ISSUED',
    restock: extra.restock,
  });
  await tx.insert(saleNoteLines).values(
    p.lines.map((l, i) => {
      const il = l.invoiceLine;
      const total = l.taxable + l.cgst + l.sgst + l.igst + l.cess;
      return {
        businessId: auth.businessId,
        documentId: id,
        lineNo: i + 1,
        itemId: il.itemId,
        itemName: il.itemName,
        itemType: il.itemType,
        hsnSac: il.hsnSac,
        description: il.description,
        quantity: (l.quantityMilli / 1000).toFixed(3),
        unit: il.unit,
        // What one unit returned was sold at (taxable), or the reduction itself for a price-only line.
        unitPrice: l.quantityMilli ? fromPaise(Math.round((l.taxable * 1000) / l.quantityMilli)) : fromPaise(l.taxable),
        priceIncludesTax: false,
        discountPercent: null,
        discount: '0.00',
        taxableValue: fromPaise(l.taxable),
        gstRateId: il.gstRateId,
        gstRate: il.gstRate,
        taxability: il.taxability,
        cgst: fromPaise(l.cgst),
        sgst: fromPaise(l.sgst),
        igst: fromPaise(l.igst),
        cessRate: il.cessRate,
        cessPerUnit: il.cessPerUnit,
        cess: fromPaise(l.cess),
        total: fromPaise(total),
        serialNos: l.serialNos,
        invoiceLineNo: il.lineNo,
        restockedCost: fromPaise(extra.restocked.get(i) ?? 0),
      };
    }),
  );
  return number.number;
}

/**
 * sale/create-credit-note, in one transaction: the invoice and its lines locked, every rule checked, the number
 * from the branch's credit-note series, the note and its lines, returned goods back into the invoice's branch at
 * the cost they went out at (serials in stock again), its journal entry, and the refund paid now or else the
 * invoices it settles — its own invoice first, then the party's other open invoices oldest first, like a payment;
 * what is left is the party's advance. A retry with the same Idempotency-Key answers the first note.
 */
export async function createCreditNote(ctx: DocumentContext, body: z.output<typeof CreateCreditNoteRequest>, key: string | undefined): Promise<SaleNote> {
  const { db, auth, now } = ctx;
  const businessId = auth.businessId;
  const id = randomUUID();
  const result = await withIdempotency(db, { businessId, key, scope: 'sale.credit-note', body, resourceId: id, now }, async (tx) => {
    const p = await prepareNote(tx, ctx, CREDIT_NOTE, body);
    const { invoice, totals } = p;
    const returns = p.lines.filter((l) => l.quantityMilli > 0);
    const restock = returns.length > 0 && (body.restock ?? body.reason === 'SALES_RETURN');
    if (body.restock && returns.length === 0) throw badRequest('Only goods returned can go back into stock: give a quantity returned', 'restock');

    // Refund: at most the note, and at most what the invoice was paid in moneyText (not what notes settled on it).
    const refund = body.refund ? toPaise(body.refund.amount) : 0;
    if (refund > totals.grandTotal) throw badRequest(`Refund cannot be more than the credit note, ₹${fromPaise(totals.grandTotal)}`, 'refund.amount');
    if (body.refund) {
      const [settled] = await selectRows<{ amount: string }>(
        tx,
        sql`select coalesce(sum(a.amount), 0)::text as amount from sale_note_adjustments a
            join sale_notes n on n.business_id = a.business_id and n.id = a.note_id
            where a.business_id = ${businessId} and a.invoice_id = ${invoice.id} and n.status = 'ISSUED'`,
      );
      const [refunded] = await selectRows<{ amount: string }>(
        tx,
        sql`select coalesce(sum(refunded), 0)::text as amount from sale_notes
            where business_id = ${businessId} and invoice_id = ${invoice.id} and status = 'ISSUED' and note_type = 'CREDIT'`,
      );
      const received = toPaise(moneyText(invoice.received)) - toPaise(settled.amount) - toPaise(refunded.amount);
      if (refund > received) {
        throw badRequest(
          `Refund cannot be more than what was received on invoice ${invoice.invoiceNumber} and not yet refunded, ₹${fromPaise(Math.max(received, 0))}`,
          'refund.amount',
        );
      }
    }
    const account = body.refund ? await paymentAccount(tx, businessId, body.refund.mode, body.refund.accountId, 'refund.accountId') : undefined;

    // Goods back at the cost they went out at: the sale's cost of the item, in proportion to the units returned.
    const restocked = new Map<number, number>();
    const stockIn: Array<{ itemId: string; quantityMilli: number; cost: number }> = [];
    if (restock) {
      const costs = await saleCosts(tx, businessId, invoice.id);
      const soldMilli = new Map<string, number>();
      for (const l of await documentLineRows(tx, saleInvoiceLines, businessId, invoice.id)) {
        if (l.itemType === 'PRODUCT') soldMilli.set(l.itemId, (soldMilli.get(l.itemId) ?? 0) + milliOf(l.quantity));
      }
      p.lines.forEach((l, i) => {
        if (l.quantityMilli === 0 || l.invoiceLine.itemType !== 'PRODUCT') return;
        const out = costs.get(l.invoiceLine.itemId);
        const sold = soldMilli.get(l.invoiceLine.itemId) ?? 0;
        if (!out || sold === 0) return;
        const cost = share(out.cost, l.quantityMilli, sold);
        restocked.set(i, cost);
        stockIn.push({ itemId: l.invoiceLine.itemId, quantityMilli: share(out.milli, l.quantityMilli, sold), cost });
      });
    }

    const number = await insertNote(tx, ctx, CREDIT_NOTE, id, p, { reason: body.reason, notes: body.notes, restock, restocked });
    const document = { type: 'CREDIT_NOTE' as const, id, number };
    if (restock) {
      const branch = await stockBranchOf(tx, businessId, invoice.branchId);
      const stockDoc: StockDocument = { businessId, branch, document, date: p.noteDate, userId: auth.user.id, now };
      await returnToStock(tx, stockDoc, stockLinesOfNote(returns), 'SALE_RETURN', `Credit note ${number} on invoice ${invoice.invoiceNumber}`);
    }
    await postCreditNote(tx, {
      businessId,
      branchId: invoice.branchId,
      date: p.noteDate,
      document,
      partyId: invoice.partyId,
      totals,
      lines: p.lines.map((l) => ({ itemId: l.invoiceLine.itemId, taxableValue: l.taxable })),
      restocked: stockIn,
      createdBy: auth.user.id,
      now,
    });

    if (refund > 0 && account) {
      await recordTransaction(tx, {
        businessId,
        accountId: account.id,
        date: p.noteDate,
        type: 'SALE_REFUND',
        direction: 'OUT',
        amount: refund,
        mode: body.refund!.mode,
        partyId: invoice.partyId,
        document,
        reference: body.refund!.reference ?? null,
        note: `Refund on credit note ${number}`,
        createdBy: auth.user.id,
        now,
        field: 'refund.amount',
        counter: refundCounter(invoice.partyId, refund),
        branchId: invoice.branchId,
      });
    }
    const adjusted = await settleInvoices(tx, ctx, invoice, id, totals.grandTotal - refund, p.noteDate);
    if (!invoice.partyId && totals.grandTotal - refund - adjusted > 0) {
      throw badRequest(
        `A walk-in sale has no party to hold a credit: refund the ₹${fromPaise(totals.grandTotal - refund - adjusted)} its invoice does not still owe`,
        'refund.amount',
      );
    }
    await tx
      .update(saleNotes)
      .set({ refunded: fromPaise(refund), adjusted: fromPaise(adjusted) })
      .where(and(eq(saleNotes.businessId, businessId), eq(saleNotes.id, id)));
  });
  return getSaleNote(db, businessId, result.resourceId, CREDIT_NOTE);
}

const stockLinesOfNote = (lines: NoteLine[]): StockLine[] =>
  lines.map((l) => ({
    index: l.index,
    itemId: l.invoiceLine.itemId,
    itemName: l.invoiceLine.itemName,
    itemType: l.invoiceLine.itemType,
    quantity: (l.quantityMilli / 1000).toFixed(3),
    serialNos: l.serialNos,
  }));

/**
 * A credit note's value not refunded settles what the party owes, like a payment in: its own invoice first, then
 * the party's other open invoices dated on or before the note, oldest first. Answers the paise settled.
 */
async function settleInvoices(tx: Tx, ctx: DocumentContext, invoice: InvoiceRow, noteId: string, amount: number, date: string): Promise<number> {
  if (amount <= 0) return 0;
  const businessId = ctx.auth.businessId;
  // The party's open invoices (locked in id order, as payments lock them) and the note's own invoice.
  const open = invoice.partyId ? await saleAllocationKind.openDocuments(tx, businessId, invoice.partyId) : [];
  const [own] = await saleAllocationKind.findDocuments(tx, businessId, [invoice.id]);
  const others = open.filter((d) => d.id !== invoice.id && d.date <= date);
  const key = (d: { date: string; createdAt: Date; id: string }) => `${d.date}|${d.createdAt.toISOString()}|${d.id}`;
  others.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  const requested: Array<{ documentId: string; amount: number }> = [];
  let left = amount;
  for (const d of [own, ...others]) {
    const take = Math.min(left, d.due);
    if (take > 0) requested.push({ documentId: d.id, amount: take });
    left -= take;
    if (left === 0) break;
  }
  if (requested.length === 0) return 0;
  const allocations = invoice.partyId
    ? await allocate(tx, [saleAllocationKind], { businessId, partyId: invoice.partyId, amount, date, requested })
    : [{ doc: own, amount: requested[0].amount }];
  let settled = 0;
  for (const a of allocations) {
    await saleAllocationKind.settle(tx, businessId, a.doc, a.amount, ctx.now);
    await tx.insert(saleNoteAdjustments).values({ businessId, noteId, invoiceId: a.doc.id, amount: fromPaise(a.amount), createdAt: ctx.now });
    settled += a.amount;
  }
  return settled;
}

/**
 * sale/create-debit-note, in one transaction: the invoice locked, the note date checked, each line's raise taxed at
 * the invoice line's rates, the number from the branch's debit-note series, the note and its journal entry (Dr the
 * party): it adds to what the party owes.
 */
export async function createDebitNote(ctx: DocumentContext, body: z.output<typeof CreateDebitNoteRequest>, key: string | undefined): Promise<SaleNote> {
  const { db, auth, now } = ctx;
  const id = randomUUID();
  const result = await withIdempotency(db, { businessId: auth.businessId, key, scope: 'sale.debit-note', body, resourceId: id, now }, async (tx) => {
    const p = await prepareNote(tx, ctx, DEBIT_NOTE, body);
    const number = await insertNote(tx, ctx, DEBIT_NOTE, id, p, { reason: body.reason, notes: body.notes, restock: false, restocked: new Map() });
    await postDebitNote(tx, {
      businessId: auth.businessId,
      branchId: p.invoice.branchId,
      date: p.noteDate,
      document: { type: DEBIT_NOTE.documentType, id, number },
      partyId: p.invoice.partyId,
      totals: p.totals,
      lines: p.lines.map((l) => ({ itemId: l.invoiceLine.itemId, taxableValue: l.taxable })),
      restocked: [],
      createdBy: auth.user.id,
      now,
    });
  });
  return getSaleNote(db, auth.businessId, result.resourceId, DEBIT_NOTE);
}

// ---------------------------------------------------------------------------------------------------------------
// Reading

async function findNote(db: Db | Tx, businessId: string, id: string, kind: NoteKind, forUpdate = false): Promise<NoteRow | undefined> {
  if (!UUID.test(id)) return undefined;
  const query = db
    .select()
    .from(saleNotes)
    .where(and(eq(saleNotes.businessId, businessId), eq(saleNotes.id, id), eq(saleNotes.noteType, kind.type)));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function getSaleNote(db: Db | Tx, businessId: string, id: string, kind: NoteKind): Promise<SaleNote> {
  const row = await findNote(db, businessId, id, kind);
  if (!row) throw new HttpError(404, kind.notFound);
  const lines = await db
    .select()
    .from(saleNoteLines)
    .where(and(eq(saleNoteLines.businessId, businessId), eq(saleNoteLines.documentId, id)))
    .orderBy(asc(saleNoteLines.lineNo));
  const fields = documentFieldsOf(row as unknown as InvoiceRow, lines);
  return {
    ...fields,
    party: row.partySnapshot as DocumentParty | null,
    lines: lines.map((l) => ({ ...toDocumentLine(l), invoiceLineNo: l.invoiceLineNo })),
    noteType: row.noteType,
    noteNumber: row.noteNumber,
    documentTitle: kind.title,
    noteDate: row.noteDate,
    status: row.status,
    invoice: { id: row.invoiceId, invoiceNumber: row.invoiceNumber, invoiceDate: row.invoiceDate },
    reason: row.reason as SaleNote['reason'],
    restock: row.restock,
    refunded: moneyText(row.refunded),
    adjusted: moneyText(row.adjusted),
    einvoice: einvoiceStateOf(await noteIrnRowOf(db, businessId, id), row.status === 'CANCELLED', row.einvoiceJsonAt, kind.word.toLowerCase()),
  };
}

export interface SaleNotePage {
  data: SaleNoteSummary[];
  meta: SaleNoteListMeta;
}

/**
 * sale/credit-notes and sale/debit-notes: newest first, one page, and over everything the filter matches the count
 * and the sums of grand total, refunded and adjusted (a cancelled note counts, but adds nothing to the sums).
 */
export async function listSaleNotes(db: Db, businessId: string, kind: NoteKind, q: z.output<typeof SaleNoteListQuery>): Promise<SaleNotePage> {
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? SALE_PAGE_SIZE_DEFAULT;
  const n = saleNotes;
  const conditions: (SQL | undefined)[] = [eq(n.businessId, businessId), eq(n.noteType, kind.type)];
  const byId = (column: AnyColumn, value: string | undefined) => {
    if (value) conditions.push(UUID.test(value) ? eq(column, value) : sql`false`);
  };
  byId(n.partyId, q.partyId);
  byId(n.branchId, q.branchId);
  byId(n.createdBy, q.createdBy);
  byId(n.invoiceId, q.invoiceId);
  if (q.from) conditions.push(sql`${n.noteDate} >= ${q.from}`);
  if (q.to) conditions.push(sql`${n.noteDate} <= ${q.to}`);
  if (q.status) conditions.push(eq(n.status, q.status));
  if (q.q) conditions.push(documentSearch(q.q, n.searchText));
  const where = and(...conditions);
  const rows = await db
    .select({ note: n, branchName: storeBranches.name })
    .from(n)
    .innerJoin(storeBranches, and(eq(storeBranches.businessId, n.businessId), eq(storeBranches.id, n.branchId)))
    .where(where)
    .orderBy(desc(n.noteDate), desc(n.seriesNo), desc(n.createdAt), desc(n.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const live = sql`${n.status} <> 'CANCELLED'`;
  const [sums] = await db
    .select({
      total: sql<number>`count(*)::int`,
      grandTotal: sql<string>`coalesce(sum(${n.grandTotal}) filter (where ${live}), 0)::text`,
      refunded: sql<string>`coalesce(sum(${n.refunded}) filter (where ${live}), 0)::text`,
      adjusted: sql<string>`coalesce(sum(${n.adjusted}) filter (where ${live}), 0)::text`,
    })
    .from(n)
    .where(where);
  return {
    data: rows.map(({ note: r, branchName }) => ({
      id: r.id,
      noteType: r.noteType,
      noteNumber: r.noteNumber,
      financialYear: r.financialYear,
      noteDate: r.noteDate,
      status: r.status,
      branchId: r.branchId,
      branchName,
      partyId: r.partyId,
      partyName: r.partyName,
      partyMobile: r.partyMobile,
      invoice: { id: r.invoiceId, invoiceNumber: r.invoiceNumber, invoiceDate: r.invoiceDate },
      reason: r.reason,
      supplyType: r.supplyType,
      grandTotal: moneyText(r.grandTotal),
      refunded: moneyText(r.refunded),
      adjusted: moneyText(r.adjusted),
      createdAt: r.createdAt.toISOString(),
    })),
    meta: {
      total: Number(sums.total),
      page,
      pageSize,
      grandTotal: moneyText(sums.grandTotal),
      refunded: moneyText(sums.refunded),
      adjusted: moneyText(sums.adjusted),
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Cancelling

/**
 * sale/cancel-credit-note/:id and sale/cancel-debit-note/:id, in one transaction: the note keeps its number and
 * becomes CANCELLED; goods it took back leave the branch's stock again (409 when they are no longer there), its
 * refund is reversed, what it settled on invoices is owed again, and its journal entry is reversed. Twice: 409.
 */
export async function cancelSaleNote(ctx: DocumentContext, kind: NoteKind, id: string, body: CancelDocumentRequest): Promise<SaleNote> {
  const { db, auth, now } = ctx;
  const businessId = auth.businessId;
  const today = indiaToday(now);
  await db.transaction(async (tx) => {
    const row = await findNote(tx, businessId, id, kind, true);
    if (!row) throw new HttpError(404, kind.notFound);
    const what = `${kind.word} ${row.noteNumber}`;
    if (row.status === 'CANCELLED') throw conflict(`${what} is already cancelled`);
    await checkBooksOpenToChange(tx, businessId, row.noteDate, now);
    const document = { type: kind.documentType, id: row.id, number: row.noteNumber };
    const narration = `${what} cancelled: ${body.reason}`;
    if (row.restock) {
      const lines = await tx
        .select()
        .from(saleNoteLines)
        .where(and(eq(saleNoteLines.businessId, businessId), eq(saleNoteLines.documentId, row.id)))
        .orderBy(asc(saleNoteLines.lineNo));
      const branch = await stockBranchOf(tx, businessId, row.branchId);
      const back = lines
        .filter((l) => milliOf(l.quantity) > 0 && l.itemType === 'PRODUCT')
        .map((l) => ({ index: l.lineNo - 1, itemId: l.itemId, itemName: l.itemName, itemType: l.itemType, quantity: l.quantity, serialNos: l.serialNos }));
      await takeFromStock(tx, { businessId, branch, document, date: today, userId: auth.user.id, now }, back, 'SALE_RETURN_CANCEL', narration);
    }
    await reverseDocumentTransactions(tx, {
      businessId,
      document: { type: 'CREDIT_NOTE', id: row.id },
      type: 'SALE_REFUND_REVERSAL',
      date: today,
      note: narration,
      createdBy: auth.user.id,
      now,
    });
    // What the note settled is owed again (an invoice cancelled meanwhile holds nothing to give back).
    const adjustments = await tx
      .select()
      .from(saleNoteAdjustments)
      .where(and(eq(saleNoteAdjustments.businessId, businessId), eq(saleNoteAdjustments.noteId, row.id)))
      .orderBy(asc(saleNoteAdjustments.invoiceId));
    for (const a of adjustments) {
      const [inv] = await tx
        .select({ status: saleInvoices.status, received: saleInvoices.received, grandTotal: saleInvoices.grandTotal })
        .from(saleInvoices)
        .where(and(eq(saleInvoices.businessId, businessId), eq(saleInvoices.id, a.invoiceId)))
        .for('update');
      if (!inv || inv.status === 'CANCELLED') continue;
      const received = Math.max(0, toPaise(moneyText(inv.received)) - toPaise(moneyText(a.amount)));
      await tx
        .update(saleInvoices)
        .set({ received: fromPaise(received), status: paymentStatus(received, toPaise(moneyText(inv.grandTotal))), updatedAt: now })
        .where(and(eq(saleInvoices.businessId, businessId), eq(saleInvoices.id, a.invoiceId)));
    }
    await reverseDocumentEntries(tx, businessId, document, { date: today, narration, createdBy: auth.user.id, now });
    await tx
      .update(saleNotes)
      .set({ status: 'CANCELLED', cancelledAt: now, cancelReason: body.reason, updatedAt: now })
      .where(and(eq(saleNotes.businessId, businessId), eq(saleNotes.id, row.id)));
  });
  return getSaleNote(db, businessId, id, kind);
}

