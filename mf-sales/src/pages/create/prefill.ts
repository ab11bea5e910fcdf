import {
  itemApi,
  partyApi,
  quotationApi,
  saleApi,
  type Branch,
  type Business,
  type Item,
  type Quotation,
  type SaleInvoice,
} from '@bahi/shared';
import { lineFromDocument } from '@bahi/shared/ui';
import { emptyBill, supplyOf, type BillDraft, type BillKind, type Customer } from './sale-bill';

/**
 * Where a prefilled bill comes from: Convert to invoice, Duplicate of an invoice or a quotation, or the invoice being
 * edited (it keeps its dates, serials and quotation).
 */
export type PrefillSource = { from: 'quotation'; id: string; convert: boolean } | { from: 'invoice'; id: string } | { from: 'edit'; id: string };

/** The source named by the address (?fromQuotation= or ?duplicate=), if any. */
export function prefillSourceOf(kind: BillKind, params: URLSearchParams): PrefillSource | null {
  const fromQuotation = params.get('fromQuotation');
  if (kind === 'INVOICE' && fromQuotation) return { from: 'quotation', id: fromQuotation, convert: true };
  const duplicate = params.get('duplicate');
  if (!duplicate) return null;
  return kind === 'INVOICE' ? { from: 'invoice', id: duplicate } : { from: 'quotation', id: duplicate, convert: false };
}

async function optional<T>(p: Promise<T>): Promise<T | undefined> {
  try {
    return await p;
  } catch {
    return undefined;
  }
}

/**
 * A new bill with the party, lines, place of supply, round-off, notes and terms of an earlier document. The
 * party and items are read again, so the bill gets today's credit period, addresses and stock; a party or item
 * that is gone keeps what the document recorded.
 */
export async function prefillBill(
  kind: BillKind,
  source: PrefillSource,
  today: string,
  branch: Branch | null,
  business: Business | null,
): Promise<BillDraft> {
  const doc: SaleInvoice | Quotation = source.from === 'quotation' ? await quotationApi.get(source.id) : await saleApi.get(source.id);
  const [party, items] = await Promise.all([
    doc.party?.id ? optional(partyApi.get(doc.party.id)) : Promise.resolve(undefined),
    Promise.all(
      [...new Map(doc.lines.map((l) => [l.itemId, l.itemType])).entries()].map(([id, type]) =>
        optional(itemApi.get(id, type).then((r) => r.data)),
      ),
    ),
  ]);
  const byId = new Map(items.filter((i): i is Item => !!i).map((i) => [i.id, i]));
  const customer: Customer = party
    ? { type: 'PARTY', party }
    : { type: 'WALK_IN', name: doc.party?.name ?? '', mobileNumber: doc.party?.mobileNumber ?? '' };
  const draft: BillDraft = {
    ...emptyBill(kind, today),
    customer,
    roundOff: doc.roundOff,
    discount: doc.discount
      ? doc.discount.percent !== null
        ? { mode: 'PERCENT', value: doc.discount.percent }
        : { mode: 'AMOUNT', value: doc.discount.amount }
      : { mode: 'AMOUNT', value: '' },
    lines: doc.lines.map((l) => (source.from === 'edit' ? editedLine(l, byId.get(l.itemId)) : lineFromDocument(l, byId.get(l.itemId)))),
    notes: doc.notes ?? '',
    terms: doc.terms ?? '',
    quotationId: source.from === 'quotation' && source.convert ? doc.id : null,
    ...(source.from === 'edit' && 'invoiceNumber' in doc
      ? {
          date: doc.invoiceDate,
          dueDate: doc.dueDate,
          quotationId: doc.quotationId,
          // A payment is recorded against the invoice, never with an edit.
          payment: { received: 'NONE' as const, amount: '', mode: 'CASH' as const, accountId: null, reference: '' },
          shippingBill: doc.shippingBill
            ? { number: doc.shippingBill.number ?? '', date: doc.shippingBill.date, portCode: doc.shippingBill.portCode ?? '' }
            : undefined,
        }
      : {}),
  };
  // Keep a place of supply that was chosen on the document; otherwise follow today's default.
  const fallback = supplyOf(draft, branch, business).placeOfSupply;
  return fallback === doc.placeOfSupply ? draft : { ...draft, placeOfSupply: doc.placeOfSupply };
}

/** A line of the invoice being edited: its serials stay on it, and the picker offers them with those in stock. */
function editedLine(l: SaleInvoice['lines'][number], item: Item | undefined) {
  const line = lineFromDocument(l, item);
  return { ...line, serialNos: l.serialNos, item: { ...line.item, serials: [...new Set([...l.serialNos, ...line.item.serials])] } };
}
