import { randomUUID } from 'node:crypto';
import {
  PURCHASE_NOTE_PAGE_SIZE_DEFAULT,
  indiaToday,
  type CancelDocumentRequest,
  type CreatePurchaseDebitNoteRequest,
  type HsnSummaryRow,
  type PurchaseDebitNote,
  type PurchaseDebitNoteListMeta,
  type PurchaseDebitNoteListQuery,
  type PurchaseDebitNoteSummary,
  type SalePayment,
} from '@bahi/shared/contracts';
import { computeLine, normalizeGstRate } from '@bahi/shared/gst';
import { fromPaise, moneyText, paiseInWords, toPaise } from '@bahi/shared/india';
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { UUID } from '../../db/ids';
import { purchaseDebitNoteAllocations, purchaseDebitNoteLines, purchaseDebitNotes, purchaseInvoiceLines, purchaseInvoices, storeBranches } from '../../db/schema';
import { HttpError, badRequest, conflict } from '../../errors';
import { documentTransactions, paymentAccount, recordTransaction, reverseDocumentTransactions } from '../accounts';
import { checkBooksOpenToChange, documentDate } from '../documents/dates';
import { documentSearch } from '../documents/list';
import { PURCHASE_DEBIT_NOTE_PREFIX, takeNumber } from '../documents/numbering';
import type { DocumentContext } from '../documents/prepare';
import { documentFieldsOf, qty } from '../documents/records';
import { receiveIntoStock, removeReceived, stockBranchOf, type StockDocument, type StockLine } from '../documents/stock';
import { withIdempotency } from '../idempotency';
import { reverseDocumentEntries } from '../ledger/journal';
import { postPurchaseDebitNote } from '../ledger/purchase-notes';
import { milliOf, share } from '../ledger/stock-cost';
import { allocate } from '../payments/allocation';
import { displayDate } from '../pdf/format';
import { PURCHASE_NOT_FOUND, findPurchase, purchaseAllocationKind } from './index';
import { selectRows } from '../../db/rows';

/*
 * Purchase debit notes: goods returned to a supplier, or a price the supplier reduced, against one purchase bill.
 * A note is taxed at the bill line's rates and place of supply, takes the returned goods out of the bill's branch at
 * their average cost, posts its entry (ledger/purchase-notes.ts) and either brings moneyText back from the supplier
 * (`refund`) or is set against the supplier's open bills oldest first, as a payment out is.
 */

export const DEBIT_NOTE_NOT_FOUND = 'Debit note not found';
const DOCUMENT_TYPE = 'PURCHASE_DEBIT_NOTE' as const;

type NoteRow = typeof purchaseDebitNotes.$inferSelect;
type NoteLineRow = typeof purchaseDebitNoteLines.$inferSelect;
type BillLineRow = typeof purchaseInvoiceLines.$inferSelect;
/** documentFieldsOf reads only the columns every document table shares (documentColumns, documentLineColumns). */
type SharedHeader = Parameters<typeof documentFieldsOf>[0];
type SharedLines = Parameters<typeof documentFieldsOf>[1];

interface Heads {
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  cess: number;
}
const HEADS = ['taxable', 'cgst', 'sgst', 'igst', 'cess'] as const;
const taxOf = (h: Heads) => h.cgst + h.sgst + h.igst + h.cess;

interface NoteLine extends Heads {
  index: number;
  bill: BillLineRow;
  quantityMilli: number;
  serialNos: string[];
}

/** What the live notes of a bill already took from each of its lines: quantity (thousandths) and every head (paise). */
async function takenByNotes(tx: Tx, businessId: string, purchaseId: string): Promise<Map<number, Heads & { quantityMilli: number }>> {
  const rows = await selectRows<{ line_no: number; quantity: string; taxable: string; cgst: string; sgst: string; igst: string; cess: string }>(
    tx,
    sql`select l.purchase_line_no as line_no, sum(l.quantity)::text as quantity, sum(l.taxable_value)::text as taxable,
               sum(l.cgst)::text as cgst, sum(l.sgst)::text as sgst, sum(l.igst)::text as igst, sum(l.cess)::text as cess
        from purchase_debit_note_lines l
        join purchase_debit_notes n on n.business_id = l.business_id and n.id = l.document_id
        where n.business_id = ${businessId} and n.purchase_id = ${purchaseId} and n.status = 'ISSUED'
        group by l.purchase_line_no`,
  );
  return new Map(
    rows.map((r) => [
      Number(r.line_no),
      { quantityMilli: milliOf(r.quantity), taxable: toPaise(r.taxable), cgst: toPaise(r.cgst), sgst: toPaise(r.sgst), igst: toPaise(r.igst), cess: toPaise(r.cess) },
    ]),
  );
}

const lineLabel = (l: BillLineRow) => `Line ${l.lineNo} (${l.itemName})`;
const units = (milli: number) => String(milli / 1000);

/**
 * Each requested line against the bill's line: a return at most what was bought less what earlier notes returned
 * (its value and tax the same share of what is left of the line, the last units taking all that is left); a price
 * reduction at most the line's taxable value less earlier notes, taxed at the line's rates.
 */
function noteLines(
  body: z.output<typeof CreatePurchaseDebitNoteRequest>,
  bill: { referenceNumber: string; supplyType: 'INTRA' | 'INTER' },
  billLines: BillLineRow[],
  taken: Map<number, Heads & { quantityMilli: number }>,
  wholeUnits: Set<string>,
): NoteLine[] {
  const byNo = new Map(billLines.map((l) => [l.lineNo, l]));
  return body.lines.map((req, index) => {
    const field = (name: string) => `lines.${index}.${name}`;
    const bl = byNo.get(req.purchaseLineNo);
    if (!bl) throw badRequest(`Purchase ${bill.referenceNumber} has no line ${req.purchaseLineNo}`, field('purchaseLineNo'));
    const before = taken.get(bl.lineNo) ?? { quantityMilli: 0, taxable: 0, cgst: 0, sgst: 0, igst: 0, cess: 0 };
    const line: Heads = { taxable: toPaise(bl.taxableValue), cgst: toPaise(bl.cgst), sgst: toPaise(bl.sgst), igst: toPaise(bl.igst), cess: toPaise(bl.cess) };
    const left = Object.fromEntries(HEADS.map((h) => [h, line[h] - before[h]])) as unknown as Heads;
    const boughtMilli = milliOf(bl.quantity);
    const leftMilli = boughtMilli - before.quantityMilli;

    if (req.quantity !== undefined) {
      const q = milliOf(req.quantity);
      if (q % 1000 !== 0 && wholeUnits.has(bl.itemId)) {
        throw badRequest(`Quantity of ${bl.itemName} must be a whole number${bl.unit ? ` (${bl.unit})` : ''}`, field('quantity'));
      }
      if (q > boughtMilli) throw badRequest(`${lineLabel(bl)}: ${units(boughtMilli)} were bought, so ${units(q)} cannot be returned`, field('quantity'));
      if (q > leftMilli) {
        throw conflict(
          `${lineLabel(bl)}: ${units(before.quantityMilli)} of the ${units(boughtMilli)} bought are already returned; at most ${units(leftMilli)} can be returned`,
          field('quantity'),
        );
      }
      const heads = Object.fromEntries(HEADS.map((h) => [h, q === leftMilli ? left[h] : share(left[h], q, leftMilli)])) as unknown as Heads;
      const serialNos = req.serialNos ?? [];
      if (bl.serialNos.length > 0) {
        if (q % 1000 !== 0 || serialNos.length !== q / 1000) {
          throw badRequest(`${bl.itemName} is serialised: name ${units(q)} serial numbers, one per unit returned`, field('serialNos'));
        }
        const onBill = new Set(bl.serialNos.map((s) => s.toUpperCase()));
        const foreign = serialNos.filter((s) => !onBill.has(s.toUpperCase()));
        if (foreign.length) throw badRequest(`${foreign.join(', ')} ${foreign.length === 1 ? 'was' : 'were'} not bought on ${lineLabel(bl)}`, field('serialNos'));
        if (new Set(serialNos.map((s) => s.toUpperCase())).size !== serialNos.length) throw badRequest('Serial numbers must be unique', field('serialNos'));
      } else if (serialNos.length) {
        throw badRequest(`${bl.itemName} is not serialised: leave its serial numbers out`, field('serialNos'));
      }
      // Kept as the bill has them (and the item), whatever the case they were typed in.
      const spelled = new Map(bl.serialNos.map((s) => [s.toUpperCase(), s]));
      return { index, bill: bl, quantityMilli: q, serialNos: serialNos.map((s) => spelled.get(s.toUpperCase()) ?? s), ...heads };
    }

    const tv = toPaise(req.taxableValue!);
    if (tv > line.taxable) throw badRequest(`${lineLabel(bl)}: its taxable value is ₹${fromPaise(line.taxable)}, so ₹${fromPaise(tv)} cannot come off it`, field('taxableValue'));
    if (tv > left.taxable) {
      throw conflict(`${lineLabel(bl)}: earlier notes leave ₹${fromPaise(left.taxable)} of its taxable value, so ₹${fromPaise(tv)} cannot come off it`, field('taxableValue'));
    }
    let heads: Heads;
    if (tv === left.taxable) heads = left;
    else {
      const t = computeLine(
        { quantity: '1', unitPrice: fromPaise(tv), priceIncludesTax: false, gstRate: normalizeGstRate(bl.gstRate), cessRate: bl.cessRate, cessPerUnit: '0' },
        bill.supplyType,
      );
      heads = { taxable: tv, cgst: Math.min(t.cgst, left.cgst), sgst: Math.min(t.sgst, left.sgst), igst: Math.min(t.igst, left.igst), cess: Math.min(t.cess, left.cess) };
    }
    return { index, bill: bl, quantityMilli: 0, serialNos: [], ...heads };
  });
}

/** The items whose unit takes whole numbers only (NOS, PCS): a return of them is whole units too. */
async function wholeUnitItems(tx: Tx, businessId: string, itemIds: string[]): Promise<Set<string>> {
  const rows = await selectRows<{ id: string }>(
    tx,
    sql`select i.id from items i left join units u on u.id = i.unit_id
        where i.business_id = ${businessId} and i.id = any(${sql.param([...new Set(itemIds)])}::uuid[]) and not coalesce(u.allows_fraction, false)`,
  );
  return new Set(rows.map((r) => r.id));
}

/** The round-off the live notes of a bill took (paise). */
async function roundedByNotes(tx: Tx, businessId: string, purchaseId: string): Promise<number> {
  const [r] = await selectRows<{ rounded: string }>(
    tx,
    sql`select coalesce(sum(round_off_amount), 0)::text as rounded from purchase_debit_notes
        where business_id = ${businessId} and purchase_id = ${purchaseId} and status = 'ISSUED'`,
  );
  return toPaise(r.rounded);
}

/** The note's HSN summary: its lines by HSN/SAC, rate and unit. */
function hsnSummaryOf(lines: NoteLine[]): HsnSummaryRow[] {
  const groups = new Map<string, { row: HsnSummaryRow; milli: number; sums: Heads }>();
  for (const l of lines) {
    const hsnSac = l.bill.hsnSac ?? '';
    const gstRate = normalizeGstRate(l.bill.gstRate);
    const key = JSON.stringify([hsnSac, gstRate, l.bill.unit]);
    const g = groups.get(key) ?? { row: { hsnSac, gstRate, unit: l.bill.unit, quantity: '', taxableValue: '', igst: '', cgst: '', sgst: '', cess: '' }, milli: 0, sums: { taxable: 0, cgst: 0, sgst: 0, igst: 0, cess: 0 } };
    g.milli += l.quantityMilli;
    for (const h of HEADS) g.sums[h] += l[h];
    groups.set(key, g);
  }
  return [...groups.values()]
    .map((g) => ({
      ...g.row,
      quantity: qty(g.milli / 1000),
      taxableValue: fromPaise(g.sums.taxable),
      igst: fromPaise(g.sums.igst),
      cgst: fromPaise(g.sums.cgst),
      sgst: fromPaise(g.sums.sgst),
      cess: fromPaise(g.sums.cess),
    }))
    .sort((a, b) => (a.hsnSac < b.hsnSac ? -1 : a.hsnSac > b.hsnSac ? 1 : Number(a.gstRate) - Number(b.gstRate)));
}

/**
 * Money paid on the bill that is still with the supplier: what the bill shows paid, less what notes set against it
 * and what notes already brought back (live notes only).
 */
async function refundableOn(tx: Tx, businessId: string, bill: { id: string; paid: string }): Promise<number> {
  const [r] = await selectRows<{ adjusted: string; refunded: string }>(
    tx,
    sql`select coalesce((select sum(a.amount) from purchase_debit_note_allocations a
                         join purchase_debit_notes n on n.business_id = a.business_id and n.id = a.note_id
                         where a.business_id = ${businessId} and a.purchase_id = ${bill.id} and n.status = 'ISSUED'), 0)::text as adjusted,
               coalesce((select sum(n.refunded) from purchase_debit_notes n
                         where n.business_id = ${businessId} and n.purchase_id = ${bill.id} and n.status = 'ISSUED'), 0)::text as refunded`,
  );
  return toPaise(moneyText(bill.paid)) - toPaise(r.adjusted) - toPaise(r.refunded);
}

/**
 * purchase/create-debit-note, all in one transaction: the bill and its lines locked (so two notes of one bill are
 * checked one after the other), every line checked against what is left of its bill line, our number from the
 * branch's series, the returned goods and serials out of the branch, the entry posted, the refund into its account
 * or the note set against the supplier's open bills. A retry with the same Idempotency-Key answers the first note.
 */
export async function createPurchaseDebitNote(
  ctx: DocumentContext,
  body: z.output<typeof CreatePurchaseDebitNoteRequest>,
  key: string | undefined,
): Promise<PurchaseDebitNote> {
  const { db, auth, now } = ctx;
  const businessId = auth.businessId;
  const today = indiaToday(now);
  const id = randomUUID();
  const result = await withIdempotency(db, { businessId, key, scope: 'purchase.debit-note', body, resourceId: id, now }, async (tx) => {
    const seen = await findPurchase(tx, businessId, body.purchaseId);
    if (!seen) throw new HttpError(404, PURCHASE_NOT_FOUND, 'purchaseId');
    // Locks in the order every payment out takes them: the supplier's open bills by id, then this bill.
    await purchaseAllocationKind.openDocuments(tx, businessId, seen.partyId!);
    const bill = (await findPurchase(tx, businessId, body.purchaseId, true))!;
    if (bill.status === 'CANCELLED') throw conflict(`Purchase ${bill.referenceNumber} is cancelled: it takes no debit note`, 'purchaseId');
    const noteDate = await documentDate(tx, businessId, now, body.noteDate, 'noteDate', 'Note date');
    if (noteDate > today) throw badRequest('Note date cannot be in the future', 'noteDate');
    if (noteDate < bill.billDate) throw badRequest(`Note date cannot be before the bill date, ${displayDate(bill.billDate)}`, 'noteDate');

    const billLines = await tx
      .select()
      .from(purchaseInvoiceLines)
      .where(and(eq(purchaseInvoiceLines.businessId, businessId), eq(purchaseInvoiceLines.documentId, bill.id)))
      .orderBy(asc(purchaseInvoiceLines.lineNo))
      .for('update');
    const taken = await takenByNotes(tx, businessId, bill.id);
    const lines = noteLines(body, bill, billLines, taken, await wholeUnitItems(tx, businessId, billLines.map((l) => l.itemId)));

    const sum = (h: keyof Heads) => lines.reduce((s, l) => s + l[h], 0);
    const totals = { taxable: sum('taxable'), cgst: sum('cgst'), sgst: sum('sgst'), igst: sum('igst'), cess: sum('cess') };
    const tax = taxOf(totals);
    const subtotal = bill.reverseCharge ? totals.taxable : totals.taxable + tax;
    // A note is exact to the paisa; the one that takes the last of the bill takes what is left of its round-off too,
    // so the bill's notes together undo it exactly.
    const closes = billLines.every((bl) => {
      const before = taken.get(bl.lineNo);
      const now = lines.filter((l) => l.bill.lineNo === bl.lineNo);
      const all = (h: keyof Heads) => (before?.[h] ?? 0) + now.reduce((s, l) => s + l[h], 0);
      return HEADS.every((h) => all(h) === toPaise(bl[h === 'taxable' ? 'taxableValue' : h]));
    });
    const roundOff = closes ? toPaise(bill.roundOffAmount) - (await roundedByNotes(tx, businessId, bill.id)) : 0;
    const grandTotal = subtotal + roundOff;
    const itcOf = (l: NoteLine) => (l.bill.itcEligible ? taxOf(l) : 0);
    const eligible = lines.filter((l) => l.bill.itcEligible);
    const itc = {
      cgst: eligible.reduce((s, l) => s + l.cgst, 0),
      sgst: eligible.reduce((s, l) => s + l.sgst, 0),
      igst: eligible.reduce((s, l) => s + l.igst, 0),
      cess: eligible.reduce((s, l) => s + l.cess, 0),
      total: eligible.reduce((s, l) => s + taxOf(l), 0),
    };

    const refund = body.refund ? toPaise(body.refund.amount) : 0;
    if (refund > grandTotal) throw badRequest(`A refund cannot be more than the note, ₹${fromPaise(grandTotal)}`, 'refund.amount');
    if (refund > 0) {
      const refundable = await refundableOn(tx, businessId, bill);
      if (refund > refundable) {
        throw badRequest(`A refund cannot be more than what was paid on purchase ${bill.referenceNumber} and not yet refunded, ₹${fromPaise(Math.max(refundable, 0))}`, 'refund.amount');
      }
    }
    const account = body.refund ? await paymentAccount(tx, businessId, body.refund.mode, body.refund.accountId, 'refund.accountId') : undefined;
    const allocations = await allocate(tx, [purchaseAllocationKind], { businessId, partyId: bill.partyId!, amount: grandTotal - refund, date: noteDate, requested: undefined });
    const adjusted = allocations.reduce((s, a) => s + a.amount, 0);

    const branch = await stockBranchOf(tx, businessId, bill.branchId);
    const number = await takeNumber(tx, businessId, {
      kind: 'PURCHASE_DEBIT_NOTE',
      prefix: PURCHASE_DEBIT_NOTE_PREFIX,
      date: noteDate,
      branchName: branch.name,
      branchId: bill.branchId,
    });
    const document = { type: DOCUMENT_TYPE, id, number: number.number };
    await tx.insert(purchaseDebitNotes).values({
      businessId,
      id,
      branchId: bill.branchId,
      financialYear: number.financialYear,
      seriesPrefix: number.seriesPrefix,
      seriesNo: number.seriesNo,
      partyId: bill.partyId,
      partyName: bill.partyName,
      partyMobile: bill.partyMobile,
      partySnapshot: bill.partySnapshot,
      branchSnapshot: bill.branchSnapshot,
      placeOfSupply: bill.placeOfSupply,
      supplyType: bill.supplyType,
      roundOff: roundOff !== 0,
      taxableValue: fromPaise(totals.taxable),
      discount: '0.00',
      cgst: fromPaise(totals.cgst),
      sgst: fromPaise(totals.sgst),
      igst: fromPaise(totals.igst),
      cess: fromPaise(totals.cess),
      subtotal: fromPaise(subtotal),
      roundOffAmount: fromPaise(roundOff),
      grandTotal: fromPaise(grandTotal),
      amountInWords: paiseInWords(grandTotal),
      hsnSummary: hsnSummaryOf(lines),
      notes: body.notes ?? null,
      createdBy: auth.user.id,
      createdAt: now,
      updatedAt: now,
      noteNumber: number.number,
      supplierNoteNumber: body.supplierNoteNumber ?? null,
      purchaseId: bill.id,
      noteDate,
      reason: body.reason,
      status: 'ISSUED',
      reverseCharge: bill.reverseCharge,
      reverseChargeTax: fromPaise(bill.reverseCharge ? tax : 0),
      itcCgst: fromPaise(itc.cgst),
      itcSgst: fromPaise(itc.sgst),
      itcIgst: fromPaise(itc.igst),
      itcCess: fromPaise(itc.cess),
      itcAmount: fromPaise(itc.total),
      refunded: fromPaise(refund),
      adjusted: fromPaise(adjusted),
    });

    // The goods go back: out of the bill's branch (409 naming the item when they are no longer there), and the
    // serials named leave its stock.
    const stockDoc: StockDocument = { businessId, branch, document, date: noteDate, userId: auth.user.id, now };
    await removeReceived(tx, stockDoc, returnedStock(lines), 'PURCHASE_RETURN', `Debit note ${number.number} (returned against ${bill.referenceNumber})`);

    const stockCost = await postPurchaseDebitNote(tx, {
      businessId,
      branchId: bill.branchId,
      date: noteDate,
      document,
      partyId: bill.partyId!,
      grandTotal,
      roundOff,
      lines: lines.map((l) => ({
        itemId: l.bill.itemId,
        itemType: l.bill.itemType,
        quantityMilli: l.quantityMilli,
        boughtMilli: milliOf(l.bill.quantity),
        billCost: l.taxable + taxOf(l) - itcOf(l),
      })),
      reverseCharge: bill.reverseCharge,
      reverseChargeTax: bill.reverseCharge ? tax : 0,
      itc,
      createdBy: auth.user.id,
      now,
    });
    await tx.insert(purchaseDebitNoteLines).values(
      lines.map((l, i) => ({
        businessId,
        documentId: id,
        lineNo: i + 1,
        itemId: l.bill.itemId,
        itemName: l.bill.itemName,
        itemType: l.bill.itemType,
        hsnSac: l.bill.hsnSac,
        description: l.bill.description,
        quantity: qty(l.quantityMilli / 1000),
        unit: l.bill.unit,
        // A return: the taxable value of one unit returned; a price-only line: the value taken off.
        unitPrice: fromPaise(l.quantityMilli > 0 ? share(l.taxable, 1000, l.quantityMilli) : l.taxable),
        priceIncludesTax: false,
        discountPercent: null,
        discount: '0.00',
        taxableValue: fromPaise(l.taxable),
        gstRateId: l.bill.gstRateId,
        gstRate: l.bill.gstRate,
        taxability: l.bill.taxability,
        cgst: fromPaise(l.cgst),
        sgst: fromPaise(l.sgst),
        igst: fromPaise(l.igst),
        cessRate: l.bill.cessRate,
        cessPerUnit: l.bill.cessPerUnit,
        cess: fromPaise(l.cess),
        total: fromPaise(l.taxable + taxOf(l)),
        serialNos: l.serialNos,
        purchaseLineNo: l.bill.lineNo,
        itcEligible: l.bill.itcEligible,
        itcAmount: fromPaise(itcOf(l)),
        stockCost: stockCost[i] === null ? null : fromPaise(stockCost[i]!),
      })),
    );

    if (body.refund && account) {
      await recordTransaction(tx, {
        businessId,
        accountId: account.id,
        date: noteDate,
        type: 'PURCHASE_NOTE_REFUND',
        direction: 'IN',
        amount: refund,
        mode: body.refund.mode,
        partyId: bill.partyId,
        document,
        reference: body.refund.reference ?? null,
        note: null,
        createdBy: auth.user.id,
        now,
        field: 'refund.amount',
        branchId: bill.branchId,
        // The moneyText comes back from the supplier: it lowers what they owe the business back.
        counter: [{ ledger: { code: 'CREDITORS' }, amount: -refund, partyId: bill.partyId }],
      });
    }
    for (const a of allocations) {
      await purchaseAllocationKind.settle(tx, businessId, a.doc, a.amount, now);
      await tx.insert(purchaseDebitNoteAllocations).values({ businessId, noteId: id, purchaseId: a.doc.id, amount: fromPaise(a.amount), createdAt: now });
    }
  });
  return getPurchaseDebitNote(db, businessId, result.resourceId);
}

/** The product lines of a note that returned goods, as stock moves them. */
function returnedStock(lines: Array<{ index: number; quantityMilli: number; serialNos: string[]; bill: Pick<BillLineRow, 'itemId' | 'itemName' | 'itemType'> }>): StockLine[] {
  return lines
    .filter((l) => l.quantityMilli > 0 && l.bill.itemType === 'PRODUCT')
    .map((l) => ({ index: l.index, itemId: l.bill.itemId, itemName: l.bill.itemName, itemType: l.bill.itemType, quantity: qty(l.quantityMilli / 1000), serialNos: [...l.serialNos] }));
}

// ---------------------------------------------------------------------------------------------------------------
// Reading

const findNote = async (db: Db | Tx, businessId: string, id: string, forUpdate = false): Promise<NoteRow | undefined> => {
  if (!UUID.test(id)) return undefined;
  const query = db.select().from(purchaseDebitNotes).where(and(eq(purchaseDebitNotes.businessId, businessId), eq(purchaseDebitNotes.id, id)));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
};

export async function getPurchaseDebitNote(db: Db | Tx, businessId: string, id: string): Promise<PurchaseDebitNote> {
  const row = await findNote(db, businessId, id);
  if (!row) throw new HttpError(404, DEBIT_NOTE_NOT_FOUND);
  const lines: NoteLineRow[] = await db
    .select()
    .from(purchaseDebitNoteLines)
    .where(and(eq(purchaseDebitNoteLines.businessId, businessId), eq(purchaseDebitNoteLines.documentId, id)))
    .orderBy(asc(purchaseDebitNoteLines.lineNo));
  const fields = documentFieldsOf(row as unknown as SharedHeader, lines as unknown as SharedLines);
  const byNo = new Map(lines.map((l) => [l.lineNo, l]));
  const [bill] = await db
    .select({ id: purchaseInvoices.id, referenceNumber: purchaseInvoices.referenceNumber, billNumber: purchaseInvoices.billNumber, billDate: purchaseInvoices.billDate })
    .from(purchaseInvoices)
    .where(and(eq(purchaseInvoices.businessId, businessId), eq(purchaseInvoices.id, row.purchaseId)));
  const live = row.status === 'ISSUED';
  const adjustments = live
    ? await db
        .select({ purchaseId: purchaseDebitNoteAllocations.purchaseId, referenceNumber: purchaseInvoices.referenceNumber, billNumber: purchaseInvoices.billNumber, amount: purchaseDebitNoteAllocations.amount })
        .from(purchaseDebitNoteAllocations)
        .innerJoin(purchaseInvoices, and(eq(purchaseInvoices.businessId, purchaseDebitNoteAllocations.businessId), eq(purchaseInvoices.id, purchaseDebitNoteAllocations.purchaseId)))
        .where(and(eq(purchaseDebitNoteAllocations.businessId, businessId), eq(purchaseDebitNoteAllocations.noteId, id)))
        .orderBy(asc(purchaseInvoices.billDate), asc(purchaseInvoices.createdAt))
    : [];
  const moves = await documentTransactions(db, businessId, DOCUMENT_TYPE, [id]);
  const reversed = new Set(moves.map((m) => m.t.reversesId).filter((r): r is string => r !== null));
  const refundMove = moves.find((m) => m.t.type === 'PURCHASE_NOTE_REFUND');
  const refund: SalePayment | null = refundMove
    ? {
        id: refundMove.t.id,
        date: refundMove.t.date,
        amount: moneyText(refundMove.t.amount),
        mode: refundMove.t.mode as SalePayment['mode'],
        accountId: refundMove.t.accountId,
        accountName: refundMove.accountName,
        reference: refundMove.t.reference,
        reversed: reversed.has(refundMove.t.id),
        createdAt: refundMove.t.createdAt.toISOString(),
      }
    : null;
  return {
    ...fields,
    party: fields.party!,
    lines: fields.lines.map((l) => {
      const stored = byNo.get(l.lineNo)!;
      return {
        ...l,
        purchaseLineNo: stored.purchaseLineNo,
        kind: milliOf(stored.quantity) > 0 ? ('RETURN' as const) : ('PRICE' as const),
        itcEligible: stored.itcEligible,
        itcAmount: moneyText(stored.itcAmount),
        stockCost: stored.stockCost === null ? null : moneyText(stored.stockCost),
      };
    }),
    noteNumber: row.noteNumber,
    noteDate: row.noteDate,
    supplierNoteNumber: row.supplierNoteNumber,
    reason: row.reason as PurchaseDebitNote['reason'],
    status: row.status,
    purchase: bill,
    reverseCharge: row.reverseCharge,
    reverseChargeTax: moneyText(row.reverseChargeTax),
    itc: { cgst: moneyText(row.itcCgst), sgst: moneyText(row.itcSgst), igst: moneyText(row.itcIgst), cess: moneyText(row.itcCess) },
    itcAmount: moneyText(row.itcAmount),
    refunded: moneyText(row.refunded),
    adjusted: moneyText(row.adjusted),
    adjustments: adjustments.map((a) => ({ ...a, amount: moneyText(a.amount) })),
    refund,
  };
}

export interface PurchaseDebitNotePage {
  data: PurchaseDebitNoteSummary[];
  meta: PurchaseDebitNoteListMeta;
}

/**
 * purchase/debit-notes: newest note first, one page, and over everything the filter matches the count and the sums
 * of grand total, ITC given up, refunded and adjusted (a cancelled note counts, but adds nothing to the sums).
 */
export async function listPurchaseDebitNotes(db: Db, businessId: string, q: z.output<typeof PurchaseDebitNoteListQuery>): Promise<PurchaseDebitNotePage> {
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? PURCHASE_NOTE_PAGE_SIZE_DEFAULT;
  const t = purchaseDebitNotes;
  const id = (column: typeof t.partyId | typeof t.branchId | typeof t.purchaseId | typeof t.createdBy, value: string | undefined): SQL | undefined =>
    value === undefined ? undefined : UUID.test(value) ? eq(column, value) : sql`false`;
  const where = and(
    eq(t.businessId, businessId),
    id(t.partyId, q.partyId),
    id(t.branchId, q.branchId),
    id(t.createdBy, q.createdBy),
    id(t.purchaseId, q.purchaseId),
    q.status ? eq(t.status, q.status) : undefined,
    q.reason ? eq(t.reason, q.reason) : undefined,
    q.from ? sql`${t.noteDate} >= ${q.from}` : undefined,
    q.to ? sql`${t.noteDate} <= ${q.to}` : undefined,
    q.q ? documentSearch(q.q, t.searchText) : undefined,
  );
  const rows = await db
    .select({
      id: t.id,
      noteNumber: t.noteNumber,
      noteDate: t.noteDate,
      financialYear: t.financialYear,
      supplierNoteNumber: t.supplierNoteNumber,
      reason: t.reason,
      status: t.status,
      purchaseId: t.purchaseId,
      referenceNumber: purchaseInvoices.referenceNumber,
      billNumber: purchaseInvoices.billNumber,
      billDate: purchaseInvoices.billDate,
      branchId: t.branchId,
      branchName: storeBranches.name,
      partyId: t.partyId,
      partyName: t.partyName,
      partyMobile: t.partyMobile,
      grandTotal: t.grandTotal,
      itcAmount: t.itcAmount,
      refunded: t.refunded,
      adjusted: t.adjusted,
      createdAt: t.createdAt,
    })
    .from(t)
    .innerJoin(storeBranches, and(eq(storeBranches.businessId, t.businessId), eq(storeBranches.id, t.branchId)))
    .innerJoin(purchaseInvoices, and(eq(purchaseInvoices.businessId, t.businessId), eq(purchaseInvoices.id, t.purchaseId)))
    .where(where)
    .orderBy(desc(t.noteDate), desc(t.seriesNo), desc(t.createdAt), desc(t.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const live = sql`filter (where ${t.status} <> 'CANCELLED')`;
  const [sums] = await db
    .select({
      total: sql<number>`count(*)::int`,
      grandTotal: sql<string>`coalesce(sum(${t.grandTotal}) ${live}, 0)::text`,
      itcAmount: sql<string>`coalesce(sum(${t.itcAmount}) ${live}, 0)::text`,
      refunded: sql<string>`coalesce(sum(${t.refunded}) ${live}, 0)::text`,
      adjusted: sql<string>`coalesce(sum(${t.adjusted}) ${live}, 0)::text`,
    })
    .from(t)
    .where(where);
  return {
    data: rows.map((r) => ({
      id: r.id,
      noteNumber: r.noteNumber,
      noteDate: r.noteDate,
      financialYear: r.financialYear,
      supplierNoteNumber: r.supplierNoteNumber,
      reason: r.reason as PurchaseDebitNoteSummary['reason'],
      status: r.status,
      purchase: { id: r.purchaseId, referenceNumber: r.referenceNumber, billNumber: r.billNumber, billDate: r.billDate },
      branchId: r.branchId,
      branchName: r.branchName,
      partyId: r.partyId!,
      partyName: r.partyName ?? '',
      partyMobile: r.partyMobile,
      grandTotal: moneyText(r.grandTotal),
      itcAmount: moneyText(r.itcAmount),
      refunded: moneyText(r.refunded),
      adjusted: moneyText(r.adjusted),
      createdAt: r.createdAt.toISOString(),
    })),
    meta: {
      total: Number(sums.total),
      page,
      pageSize,
      grandTotal: moneyText(sums.grandTotal),
      itcAmount: moneyText(sums.itcAmount),
      refunded: moneyText(sums.refunded),
      adjusted: moneyText(sums.adjusted),
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Cancelling

/**
 * purchase/cancel-debit-note/:id, in one transaction: the returned goods and serials come back into the branch's
 * stock, the refund goes back to the supplier (Cash in hand never below 0: 409), the entry is reversed (dated today),
 * what the note set against bills is taken off them again, and the note becomes CANCELLED (it keeps its number).
 * Twice answers 409.
 */
export async function cancelPurchaseDebitNote(ctx: DocumentContext, id: string, body: CancelDocumentRequest): Promise<PurchaseDebitNote> {
  const { db, auth, now } = ctx;
  const businessId = auth.businessId;
  const today = indiaToday(now);
  await db.transaction(async (tx) => {
    const seen = await findNote(tx, businessId, id);
    if (!seen) throw new HttpError(404, DEBIT_NOTE_NOT_FOUND);
    const allocated = await tx
      .select()
      .from(purchaseDebitNoteAllocations)
      .where(and(eq(purchaseDebitNoteAllocations.businessId, businessId), eq(purchaseDebitNoteAllocations.noteId, id)));
    // The bills it touches, its own among them, locked in id order (as payments take them), then the note.
    const bills = await purchaseAllocationKind.findDocuments(tx, businessId, [...new Set([seen.purchaseId, ...allocated.map((a) => a.purchaseId)])].sort());
    const row = (await findNote(tx, businessId, id, true))!;
    const what = `Debit note ${row.noteNumber}`;
    if (row.status === 'CANCELLED') throw conflict(`${what} is already cancelled`);
    await checkBooksOpenToChange(tx, businessId, row.noteDate, now);
    const narration = `${what} cancelled: ${body.reason}`;

    const lines = await tx
      .select()
      .from(purchaseDebitNoteLines)
      .where(and(eq(purchaseDebitNoteLines.businessId, businessId), eq(purchaseDebitNoteLines.documentId, id)))
      .orderBy(asc(purchaseDebitNoteLines.lineNo));
    const branch = await stockBranchOf(tx, businessId, row.branchId);
    const document = { type: DOCUMENT_TYPE, id, number: row.noteNumber };
    await receiveIntoStock(
      tx,
      { businessId, branch, document, date: today, userId: auth.user.id, now },
      returnedStock(lines.map((l) => ({ index: l.lineNo - 1, quantityMilli: milliOf(l.quantity), serialNos: l.serialNos, bill: l }))),
      'PURCHASE_RETURN_CANCEL',
      narration,
    );
    await reverseDocumentTransactions(tx, {
      businessId,
      document: { type: DOCUMENT_TYPE, id },
      type: 'PURCHASE_NOTE_REFUND_REVERSAL',
      date: today,
      note: narration,
      createdBy: auth.user.id,
      now,
    });
    await reverseDocumentEntries(tx, businessId, document, { date: today, narration, createdBy: auth.user.id, now });
    // A bill cancelled meanwhile was cleared of everything set against it; the others owe this much again.
    for (const a of allocated) {
      const bill = bills.find((b) => b.id === a.purchaseId);
      if (!bill || bill.cancelled) continue;
      await purchaseAllocationKind.settle(tx, businessId, bill, -toPaise(moneyText(a.amount)), now);
    }
    await tx
      .update(purchaseDebitNotes)
      .set({ status: 'CANCELLED', refunded: '0.00', adjusted: '0.00', cancelledAt: now, cancelReason: body.reason, updatedAt: now })
      .where(and(eq(purchaseDebitNotes.businessId, businessId), eq(purchaseDebitNotes.id, id)));
  });
  return getPurchaseDebitNote(db, businessId, id);
}
