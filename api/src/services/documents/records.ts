import type { DocumentBranch, DocumentLine, DocumentParty, DocumentTotals, HsnSummaryRow } from '@bahi/shared/contracts';
import { stateTaxLabel } from '@bahi/shared/gst';
import { fromPaise, moneyText, stateName } from '@bahi/shared/india';
import { and, asc, eq, sql, type SQLWrapper } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import type { purchaseInvoiceLines, purchaseInvoices, quotationLines, quotations, saleInvoiceLines, saleInvoices } from '../../db/schema';
import type { PreparedDocument } from './prepare';
import { UUID } from '../../db/ids';


/*
 * A document as stored (the columns every header and line table shares) and as answered (contracts
 * `documentFields`). Sale invoices and quotations add their own columns and fields around these.
 */

type HeaderRow = typeof saleInvoices.$inferSelect | typeof quotations.$inferSelect | typeof purchaseInvoices.$inferSelect;
type LineRow = typeof saleInvoiceLines.$inferSelect | typeof quotationLines.$inferSelect | typeof purchaseInvoiceLines.$inferSelect;


/** numeric as answers carry it ('1500.00'), exact for a sum of any size. */
/** numeric(6,3) rates as answers carry them: '18.000' → '18', '0.250' → '0.25'. */
export const rate = (v: string | number) => String(v).replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');
/** numeric(14,3) quantities with three decimals: '2' → '2.000'. */
export const qty = (v: string | number) => {
  const [whole, fraction = ''] = String(v).split('.');
  return `${whole}.${fraction.padEnd(3, '0').slice(0, 3)}`;
};

/** The header columns every document table shares, from a prepared document. */
export function headerValues(businessId: string, id: string, doc: PreparedDocument, number: { financialYear: string; seriesPrefix: string; seriesNo: number }, extra: { notes?: string; terms?: string; createdBy: string; now: Date }) {
  const t = doc.figures.totals;
  return {
    businessId,
    id,
    branchId: doc.branch.id,
    financialYear: number.financialYear,
    seriesPrefix: number.seriesPrefix,
    seriesNo: number.seriesNo,
    partyId: doc.party?.id ?? null,
    partyName: doc.partySnapshot?.name ?? null,
    partyMobile: doc.partySnapshot?.mobileNumber ?? null,
    partySnapshot: doc.partySnapshot,
    branchSnapshot: doc.branchSnapshot,
    placeOfSupply: doc.placeOfSupply,
    supplyType: doc.supplyType,
    roundOff: doc.roundOff,
    documentDiscountPercent: doc.figures.documentDiscount ? doc.discountPercent : null,
    documentDiscount: doc.figures.documentDiscount ? fromPaise(doc.figures.documentDiscount.amount) : null,
    taxableValue: fromPaise(t.taxableValue),
    discount: fromPaise(t.discount),
    cgst: fromPaise(t.cgst),
    sgst: fromPaise(t.sgst),
    igst: fromPaise(t.igst),
    cess: fromPaise(t.cess),
    subtotal: fromPaise(t.subtotal),
    roundOffAmount: fromPaise(t.roundOff),
    grandTotal: fromPaise(t.grandTotal),
    amountInWords: doc.figures.amountInWords,
    hsnSummary: doc.figures.hsnSummary.map(
      (h): HsnSummaryRow => ({
        hsnSac: h.hsnSac,
        gstRate: h.gstRate,
        quantity: h.quantity,
        unit: h.unit,
        taxableValue: fromPaise(h.taxableValue),
        igst: fromPaise(h.igst),
        cgst: fromPaise(h.cgst),
        sgst: fromPaise(h.sgst),
        cess: fromPaise(h.cess),
      }),
    ),
    notes: extra.notes ?? null,
    terms: extra.terms ?? null,
    createdBy: extra.createdBy,
    createdAt: extra.now,
    updatedAt: extra.now,
  };
}

/** The line rows of a prepared document (the same columns in every line table). */
export function lineValues(businessId: string, documentId: string, doc: PreparedDocument) {
  return doc.lines.map((l, i) => {
    const f = doc.figures.lines[i];
    return {
      businessId,
      documentId,
      lineNo: l.lineNo,
      itemId: l.itemId,
      itemName: l.itemName,
      itemType: l.itemType,
      hsnSac: l.hsnSac,
      description: l.description,
      quantity: l.quantity,
      unit: l.unit,
      unitPrice: moneyText(l.unitPrice),
      priceIncludesTax: l.priceIncludesTax,
      discountPercent: l.discountPercent,
      discount: fromPaise(f.discount),
      documentDiscount: fromPaise(doc.figures.documentDiscount?.shares[i] ?? 0),
      taxableValue: fromPaise(f.taxableValue),
      gstRateId: l.gstRateId,
      gstRate: l.gstRate,
      taxability: l.taxability,
      cgst: fromPaise(f.cgst),
      sgst: fromPaise(f.sgst),
      igst: fromPaise(f.igst),
      cessRate: l.cessRate,
      cessPerUnit: l.cessPerUnit,
      cess: fromPaise(f.cess),
      total: fromPaise(f.total),
      serialNos: l.serialNos,
    };
  });
}

export function toDocumentLine(r: LineRow): DocumentLine {
  return {
    lineNo: r.lineNo,
    itemId: r.itemId,
    itemName: r.itemName,
    itemType: r.itemType,
    hsnSac: r.hsnSac,
    description: r.description,
    quantity: qty(r.quantity),
    unit: r.unit,
    unitPrice: moneyText(r.unitPrice),
    priceIncludesTax: r.priceIncludesTax,
    discountPercent: r.discountPercent === null ? null : rate(r.discountPercent),
    discount: moneyText(r.discount),
    taxableValue: moneyText(r.taxableValue),
    gstRateId: r.gstRateId,
    gstRate: rate(r.gstRate),
    taxability: r.taxability,
    cgst: moneyText(r.cgst),
    sgst: moneyText(r.sgst),
    igst: moneyText(r.igst),
    cessRate: rate(r.cessRate),
    cessPerUnit: qty(r.cessPerUnit),
    cess: moneyText(r.cess),
    total: moneyText(r.total),
    serialNos: r.serialNos,
    documentDiscount: moneyText(r.documentDiscount),
  };
}

export function toDocumentTotals(h: HeaderRow): DocumentTotals {
  return {
    taxableValue: moneyText(h.taxableValue),
    discount: moneyText(h.discount),
    cgst: moneyText(h.cgst),
    sgst: moneyText(h.sgst),
    igst: moneyText(h.igst),
    cess: moneyText(h.cess),
    subtotal: moneyText(h.subtotal),
    roundOff: moneyText(h.roundOffAmount),
    grandTotal: moneyText(h.grandTotal),
    amountInWords: h.amountInWords,
  };
}

/** The answer fields every document has (contracts `documentFields`). */
export function documentFieldsOf(h: HeaderRow, lines: LineRow[]) {
  return {
    id: h.id,
    financialYear: h.financialYear,
    // Documents issued before the registration was kept were all tax invoices.
    branch: { registrationType: 'REGULAR', ...(h.branchSnapshot as Partial<DocumentBranch>) } as DocumentBranch,
    party: (h.partySnapshot as DocumentParty | null) ?? null,
    placeOfSupply: h.placeOfSupply,
    placeOfSupplyName: stateName(h.placeOfSupply) ?? null,
    supplyType: h.supplyType,
    sgstLabel: stateTaxLabel(h.placeOfSupply),
    roundOff: h.roundOff,
    exportType: 'exportType' in h ? h.exportType : null,
    discount:
      h.documentDiscount === null ? null : { percent: h.documentDiscountPercent === null ? null : rate(h.documentDiscountPercent), amount: moneyText(h.documentDiscount) },
    lines: [...lines].sort((a, b) => a.lineNo - b.lineNo).map(toDocumentLine),
    totals: toDocumentTotals(h),
    hsnSummary: h.hsnSummary as HsnSummaryRow[],
    notes: h.notes,
    terms: h.terms,
    cancelledAt: h.cancelledAt?.toISOString() ?? null,
    cancelReason: h.cancelReason,
    createdAt: h.createdAt.toISOString(),
  };
}

/**
 * Writes a document's header and its lines in one statement, the header's insert as a WITH of the lines' (both are
 * insert builders, `tx.insert(table).values(…)`, not run): one round trip instead of two, the same rows and errors
 * (a unique key of the header is refused as before). The lines' key to the header is checked at the statement's end.
 */
export async function insertDocumentRows(tx: Tx, header: SQLWrapper, lines: SQLWrapper): Promise<void> {
  // Their SQL, not the builders: a builder inside sql`` is put in parentheses, which an INSERT cannot take.
  await tx.execute(sql`with header as (${header.getSQL()}) ${lines.getSQL()}`);
}

/** The header row of a paid document of the business (locked for update when asked); undefined when there is none. */
export async function findDocumentRow<T extends typeof saleInvoices | typeof purchaseInvoices>(
  db: Db | Tx,
  table: T,
  businessId: string,
  id: string,
  forUpdate = false,
): Promise<T['$inferSelect'] | undefined> {
  if (!UUID.test(id)) return undefined;
  const t = table as typeof saleInvoices;
  const query = db.select().from(t).where(and(eq(t.businessId, businessId), eq(t.id, id)));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row as T['$inferSelect'] | undefined;
}

/** The stored lines of a paid document, in line order. */
export async function documentLineRows<T extends typeof saleInvoiceLines | typeof purchaseInvoiceLines>(
  db: Db | Tx,
  table: T,
  businessId: string,
  id: string,
): Promise<T['$inferSelect'][]> {
  const t = table as typeof saleInvoiceLines;
  const rows = await db.select().from(t).where(and(eq(t.businessId, businessId), eq(t.documentId, id))).orderBy(asc(t.lineNo));
  return rows as T['$inferSelect'][];
}
