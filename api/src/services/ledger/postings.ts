import { toPaise } from '@bahi/shared/india';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { post, resolveLedgers, reverse, reverseDocumentEntries, type EntryRow, type LedgerKey, type PostingLine } from './journal';
import { milliOf, share } from './stock-cost';
import { selectRows } from '../../db/rows';

/*
 * What each kind of document posts (docs/accounting.md has the table). Document services call these with their
 * figures; nothing here reads a document table.
 */

interface TradeDocument {
  businessId: string;
  branchId: string;
  date: string;
  document: { type: string; id: string; number: string };
  partyId: string | null;
  /** Paise. */
  totals: { taxableValue: number; cgst: number; sgst: number; igst: number; cess: number; roundOff: number; grandTotal: number };
  createdBy: string | null;
  now: Date;
}

interface TradeLine {
  itemId: string;
  itemType: 'PRODUCT' | 'SERVICE';
  /** Three decimals. */
  quantity: string;
}

const taxLines = (prefix: 'INPUT' | 'OUTPUT', t: { cgst: number; sgst: number; igst: number; cess: number }, sign: 1 | -1): PostingLine[] => [
  { ledger: { code: `${prefix}_CGST` }, amount: sign * t.cgst },
  { ledger: { code: `${prefix}_SGST` }, amount: sign * t.sgst },
  { ledger: { code: `${prefix}_IGST` }, amount: sign * t.igst },
  { ledger: { code: `${prefix}_CESS` }, amount: sign * t.cess },
];

/**
 * A sale: Dr the party (Sundry debtors; a walk-in sale's debtor has no party) the grand total, Cr Sales the taxable
 * value item by item (each line names its item and quantity, so item profit reads its sale value from Sales), Cr each
 * output tax, the round-off to Round off; and Dr Cost of goods sold, Cr Stock in hand, each product line at the
 * branch's average cost.
 */
export async function postSale(tx: Tx, d: TradeDocument & { lines: Array<TradeLine & { taxableValue: number }> }): Promise<void> {
  const t = d.totals;
  const sold = new Map<string, { amount: number; quantityMilli: number }>();
  for (const l of d.lines) {
    const s = sold.get(l.itemId) ?? { amount: 0, quantityMilli: 0 };
    sold.set(l.itemId, { amount: s.amount + l.taxableValue, quantityMilli: s.quantityMilli + milliOf(l.quantity) });
  }
  await post(tx, {
    businessId: d.businessId,
    branchId: d.branchId,
    date: d.date,
    voucherType: 'SALE',
    document: d.document,
    narration: `Sale ${d.document.number}`,
    createdBy: d.createdBy,
    now: d.now,
    lines: [
      { ledger: { code: 'DEBTORS' }, amount: t.grandTotal, partyId: d.partyId },
      ...[...sold].map(([itemId, s]) => ({ ledger: { code: 'SALES' } as const, amount: -s.amount, itemId, quantityMilli: -s.quantityMilli })),
      ...taxLines('OUTPUT', t, -1),
      { ledger: { code: 'ROUND_OFF' }, amount: -t.roundOff },
    ],
    costOut: {
      counter: { code: 'COGS' },
      items: d.lines.flatMap((l) => (l.itemType === 'PRODUCT' ? [{ itemId: l.itemId, quantityMilli: milliOf(l.quantity) }] : [])),
    },
  });
}

/**
 * A purchase bill: Dr Stock in hand (each product line, item by item, at its taxable value) or Services purchased,
 * Dr the input taxes that are eligible credit (a line's tax that is not becomes part of its cost), the round-off,
 * Cr the supplier (Sundry creditors) the grand total. Under reverse charge the supplier charges no tax: the tax is
 * Cr Reverse charge tax payable, and its eligible part Dr Input tax on reverse charge.
 */
export async function postPurchase(
  tx: Tx,
  d: TradeDocument & {
    /** `tax`: the line's GST and cess; `itc`: the part of it that is eligible credit (paise). */
    lines: Array<TradeLine & { taxableValue: number; tax: number; itc: number }>;
    reverseCharge: boolean;
    reverseChargeTax: number;
    itc: { cgst: number; sgst: number; igst: number; cess: number; total: number };
  },
): Promise<void> {
  const t = d.totals;
  const costLines: PostingLine[] = d.lines.map((l) => {
    const cost = l.taxableValue + l.tax - l.itc;
    return l.itemType === 'PRODUCT'
      ? { ledger: { code: 'STOCK' }, amount: cost, itemId: l.itemId, quantityMilli: milliOf(l.quantity) }
      : { ledger: { code: 'SERVICES_PURCHASED' }, amount: cost };
  });
  const taxes: PostingLine[] = d.reverseCharge
    ? [
        { ledger: { code: 'INPUT_RCM' }, amount: d.itc.total },
        { ledger: { code: 'RCM_PAYABLE' }, amount: -d.reverseChargeTax },
      ]
    : taxLines('INPUT', d.itc, 1);
  await post(tx, {
    businessId: d.businessId,
    branchId: d.branchId,
    date: d.date,
    voucherType: 'PURCHASE',
    document: d.document,
    narration: `Purchase ${d.document.number}`,
    createdBy: d.createdBy,
    now: d.now,
    lines: [...costLines, ...taxes, { ledger: { code: 'ROUND_OFF' }, amount: t.roundOff }, { ledger: { code: 'CREDITORS' }, amount: -t.grandTotal, partyId: d.partyId }],
  });
}

/**
 * An expense paid from an account: Dr its category's ledger (the tax in it too when it is not eligible credit),
 * Dr the eligible input taxes. The account's side is posted with its transaction (postTransaction).
 */
export function expenseCounterLines(e: {
  categoryId: string;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  itcEligible: boolean;
}): PostingLine[] {
  const tax = e.cgst + e.sgst + e.igst;
  return e.itcEligible
    ? [{ ledger: { expenseCategoryId: e.categoryId }, amount: e.taxable }, ...taxLines('INPUT', { ...e, cess: 0 }, 1)]
    : [{ ledger: { expenseCategoryId: e.categoryId }, amount: e.taxable + tax }];
}

/** What a movement of money posts against, by its kind, when its caller does not say. */
function defaultCounter(type: string): LedgerKey | undefined {
  switch (type) {
    case 'SALE_PAYMENT':
    case 'PAYMENT_IN':
      return { code: 'DEBTORS' };
    case 'PURCHASE_PAYMENT':
    case 'PAYMENT_OUT':
      return { code: 'CREDITORS' };
    case 'ADJUSTMENT':
      return { code: 'BALANCE_ADJUSTMENTS' };
    default:
      return undefined;
  }
}

export interface PostedTransaction {
  id: string;
  businessId: string;
  accountId: string;
  branchId?: string | null;
  date: string;
  type: string;
  direction: 'IN' | 'OUT';
  /** Paise, > 0. */
  amount: number;
  partyId: string | null;
  document: { type: string; id: string; number: string } | null;
  reversesId?: string | null;
  note: string | null;
  createdBy: string | null;
  now: Date;
  /**
   * The other side: lines (signed, summing to the opposite of the account's side), or 'NONE' when the caller posts
   * the movement itself (a transfer posts both halves as one entry). Default: by `type` (a payment against the
   * party's sub-ledger, an adjustment against Cash and bank adjustments).
   */
  counter?: PostingLine[] | 'NONE';
}

/**
 * A movement of money into or out of a cash or bank account: Dr the account for money in (Cr for money out), and
 * the other side. A reversal reverses the entry of the transaction it reverses. `writeWith` inserts the transaction's
 * own row: in the entry's statement when it posts one, else before the rest.
 */
export async function postTransaction(tx: Tx, t: PostedTransaction, writeWith?: EntryRow): Promise<void> {
  // The transaction's own row: with its entry when there is one, else first, on its own.
  const alone = async () => {
    if (writeWith) await tx.execute(writeWith.insert(sql`true`));
  };
  if (t.counter === 'NONE') return alone();
  const base = { date: t.date, createdBy: t.createdBy, now: t.now };
  if (t.reversesId) {
    await alone();
    const [original] = await selectRows<{ id: string }>(
      tx,
      sql`select id from journal_entries where business_id = ${t.businessId} and transaction_id = ${t.reversesId} and reverses_id is null`,
    );
    if (original) await reverse(tx, t.businessId, original.id, { ...base, narration: t.note, voucherType: t.type, transactionId: t.id });
    return;
  }
  const own = t.direction === 'IN' ? t.amount : -t.amount;
  // A payment against a document belongs to the document's branch.
  let branchId = t.branchId ?? null;
  if (!branchId && t.document) {
    const [doc] = await selectRows<{ branch_id: string | null }>(
      tx,
      sql`select branch_id from journal_entries
          where business_id = ${t.businessId} and document_type = ${t.document.type} and document_id = ${t.document.id} and transaction_id is null
          limit 1`,
    );
    branchId = doc?.branch_id ?? null;
  }
  let counter: PostingLine[];
  if (t.counter) counter = t.counter;
  else {
    const key = defaultCounter(t.type);
    if (!key) throw new Error(`A ${t.type} transaction needs its counter lines`);
    counter = [{ ledger: key, amount: -own, partyId: t.partyId }];
  }
  await post(tx, {
    businessId: t.businessId,
    branchId,
    voucherType: t.type,
    document: t.document,
    transactionId: t.id,
    narration: t.note,
    ...base,
    lines: [{ ledger: { cashAccountId: t.accountId }, amount: own }, ...counter],
    writeWith,
  });
}

/**
 * An opening balance (a party's, an account's, a ledger's): Dr or Cr the ledger, the other side to Opening balance
 * equity. `amount` signed: positive = Dr.
 */
export async function postOpeningBalance(
  tx: Tx,
  o: { businessId: string; ledger: LedgerKey; partyId?: string | null; amount: number; date: string; document: { type: string; id: string; number: string | null }; narration: string; createdBy: string | null; now: Date },
): Promise<void> {
  await post(tx, {
    businessId: o.businessId,
    branchId: null,
    date: o.date,
    voucherType: 'OPENING_BALANCE',
    document: o.document,
    narration: o.narration,
    createdBy: o.createdBy,
    now: o.now,
    lines: [
      { ledger: o.ledger, amount: o.amount, partyId: o.partyId ?? null },
      { ledger: { code: 'OPENING_EQUITY' }, amount: -o.amount },
    ],
  });
}

/**
 * Parties' opening balances (positive: the party owes the business), dated DATE_MIN by their callers — before every
 * document, as the party's opening balance always was — one entry each, in three statements whatever
 * their number (an import of 10,000 parties): Dr or Cr the party's sub-ledger — Sundry debtors for a customer, Sundry
 * creditors for a supplier, and for a party that is both by the side it stands on (owes the business: debtors) —
 * against Opening balance equity. A party whose opening balance was posted before has that
 * entry reversed first (an edit).
 */
export async function postPartyOpenings(
  tx: Tx,
  businessId: string,
  parties: Array<{ id: string; partyType: 'CUSTOMER' | 'SUPPLIER' | 'BOTH'; name: string; amount: number }>,
  o: { date: string; createdBy: string | null; now: Date },
): Promise<void> {
  for (const p of parties) {
    await reverseDocumentEntries(tx, businessId, { type: 'PARTY', id: p.id }, { ...o, narration: `Opening balance of ${p.name} changed` });
  }
  const posted = parties.filter((p) => p.amount !== 0);
  if (posted.length === 0) return;
  const ids = await resolveLedgers(tx, businessId, [{ code: 'DEBTORS' }, { code: 'CREDITORS' }, { code: 'OPENING_EQUITY' }]);
  const entries = await selectRows<{ id: string; seq: string; document_id: string }>(
    tx,
    sql`insert into journal_entries (business_id, branch_id, date, voucher_type, document_type, document_id, narration, created_by, created_at)
        select ${businessId}::uuid, null, ${o.date}::date, 'OPENING_BALANCE', 'PARTY', p.id, 'Opening balance of ' || p.name, ${o.createdBy}::uuid, ${o.now}
        from unnest(${sql.param(posted.map((p) => p.id))}::uuid[], ${sql.param(posted.map((p) => p.name))}::text[]) as p(id, name)
        returning id, seq::text as seq, document_id`,
  );
  const byParty = new Map(posted.map((p) => [p.id, p]));
  const lines = entries.flatMap((e) => {
    const p = byParty.get(e.document_id)!;
    const creditor = p.partyType === 'SUPPLIER' || (p.partyType === 'BOTH' && p.amount < 0);
    const control = ids.get(creditor ? 'code:CREDITORS' : 'code:DEBTORS')!;
    return [
      { entry: e.id, seq: e.seq, no: 1, account: control, party: p.id, amount: p.amount },
      { entry: e.id, seq: e.seq, no: 2, account: ids.get('code:OPENING_EQUITY')!, party: null, amount: -p.amount },
    ];
  });
  const col = <T>(pick: (l: (typeof lines)[number]) => T) => sql.param(lines.map(pick));
  await tx.execute(sql`
    insert into journal_lines (business_id, entry_id, line_no, account_id, party_id, date, branch_id, entry_seq, debit, credit)
    select ${businessId}::uuid, l.entry_id, l.line_no, l.account_id, l.party_id, ${o.date}::date, null, l.seq,
           greatest(l.paise, 0) / 100.0, greatest(-l.paise, 0) / 100.0
    from unnest(${col((l) => l.entry)}::uuid[], ${col((l) => l.no)}::int[], ${col((l) => l.account)}::uuid[],
                ${col((l) => l.party)}::uuid[], ${col((l) => l.seq)}::bigint[], ${col((l) => l.amount)}::bigint[])
         as l(entry_id, line_no, account_id, party_id, seq, paise)`);
}

/**
 * Stock that comes or goes without a document of trade: an item's opening stock (against Opening balance equity) or
 * a stock adjustment (against Stock adjustments). Stock in is valued at `unitCost` (paise a unit) when one is known,
 * else at the branch's average cost; stock out at the branch's average cost.
 */
export async function postStockChange(
  tx: Tx,
  s: {
    businessId: string;
    branchId: string;
    itemId: string;
    deltaMilli: number;
    unitCost: number | null;
    counter: 'OPENING_EQUITY' | 'STOCK_ADJUSTMENTS';
    date: string;
    voucherType: string;
    document: { type: string; id: string; number: string | null };
    narration: string;
    createdBy: string | null;
    now: Date;
  },
): Promise<void> {
  const entry = {
    businessId: s.businessId,
    branchId: s.branchId,
    date: s.date,
    voucherType: s.voucherType,
    document: s.document,
    narration: s.narration,
    createdBy: s.createdBy,
    now: s.now,
  };
  if (s.deltaMilli < 0) {
    await post(tx, { ...entry, lines: [], costOut: { counter: { code: s.counter }, items: [{ itemId: s.itemId, quantityMilli: -s.deltaMilli }] } });
    return;
  }
  let value: number;
  if (s.unitCost !== null) {
    value = share(s.unitCost, s.deltaMilli, 1000);
  } else {
    const [held] = await selectRows<{ quantity: string; value: string }>(
      tx,
      sql`select quantity::text as quantity, value::text as value from stock_costs
          where business_id = ${s.businessId} and branch_id = ${s.branchId} and item_id = ${s.itemId} for update`,
    );
    const milli = held ? milliOf(held.quantity) : 0;
    value = milli > 0 ? share(toPaise(held.value), s.deltaMilli, milli) : 0;
  }
  if (s.deltaMilli === 0) return;
  await post(tx, {
    ...entry,
    // Stock without a known cost (no purchase price, nothing at cost at the branch) has no value in the books: both
    // lines are ₹0 and nothing is posted.
    lines: [
      { ledger: { code: 'STOCK' }, amount: value, itemId: s.itemId, quantityMilli: s.deltaMilli },
      { ledger: { code: s.counter }, amount: -value },
    ],
  });
}

/** How many items one entry of imported opening stock holds (its balance check sums its lines once per line). */
const OPENING_STOCK_ENTRY_LINES = 200;

/**
 * Opening stock of many items at once (a spreadsheet import) at one branch: Dr Stock in hand per item at its unit
 * cost, Cr Opening balance equity, in entries of OPENING_STOCK_ENTRY_LINES items. Items without a cost post nothing.
 */
export async function postOpeningStocks(
  tx: Tx,
  o: { businessId: string; branchId: string; date: string; createdBy: string | null; now: Date },
  items: Array<{ itemId: string; quantityMilli: number; unitCost: number | null }>,
): Promise<void> {
  const valued = items.flatMap((i) => (i.unitCost === null ? [] : [{ ...i, value: share(i.unitCost, i.quantityMilli, 1000) }])).filter((i) => i.value > 0);
  for (let start = 0; start < valued.length; start += OPENING_STOCK_ENTRY_LINES) {
    const chunk = valued.slice(start, start + OPENING_STOCK_ENTRY_LINES);
    await post(tx, {
      businessId: o.businessId,
      branchId: o.branchId,
      date: o.date,
      voucherType: 'OPENING_STOCK',
      narration: 'Opening stock (spreadsheet import)',
      createdBy: o.createdBy,
      now: o.now,
      lines: [
        ...chunk.map((i) => ({ ledger: { code: 'STOCK' } as const, amount: i.value, itemId: i.itemId, quantityMilli: i.quantityMilli })),
        { ledger: { code: 'OPENING_EQUITY' }, amount: -chunk.reduce((sum, i) => sum + i.value, 0) },
      ],
    });
  }
}
